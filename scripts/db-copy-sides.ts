import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { createAuth } from "../server/auth.ts";
import { loadConfig } from "../server/config.ts";
import { connectDatabase } from "../server/db/connect.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { createLogger } from "../server/logger.ts";
import { CopyRefused } from "./db-copy-errors.ts";

export type Dialect = "sqlite" | "postgres";
type Row = Record<string, unknown>;

/** One end of a copy: a single connection, so a batch and its progress commit together. */
export interface Side {
  dialect: Dialect;
  /** Where the data lives, without a password, for messages and the progress record. */
  location: string;
  all(text: string, params?: readonly unknown[]): Promise<Row[]>;
  run(text: string, params?: readonly unknown[]): Promise<void>;
  transaction<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function isPostgresUrl(address: string): boolean {
  return /^postgres(ql)?:\/\//.test(address);
}

/** Recorded in the progress row: a resumed copy must name the same source, however spelled. */
export function safeLocation(address: string): string {
  if (!isPostgresUrl(address)) return resolve(address);
  const url = new URL(address);
  if (url.password) url.password = "***";
  return url.toString();
}

export async function openSide(address: string, role: "source" | "target"): Promise<Side> {
  if (isPostgresUrl(address)) return openPostgres(address, role);
  if (role === "source" && !existsSync(address)) {
    throw new CopyRefused(`no SQLite database at ${address}`);
  }
  return openSqlite(address, role === "source");
}

function openSqlite(path: string, readonly: boolean): Side {
  const db = new SQLite(path, { readonly, fileMustExist: readonly });
  db.pragma("busy_timeout = 5000");
  if (!readonly) db.pragma("foreign_keys = ON");
  const statements = new Map<string, SQLite.Statement>();
  const prepared = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      // Exact 64-bit integers: a bigint column must not round through a double.
      if (statement.reader) statement.safeIntegers(true);
      statements.set(text, statement);
    }
    return statement;
  };
  return {
    dialect: "sqlite",
    location: safeLocation(path),
    all: async (text, params = []) => prepared(text).all(...params) as Row[],
    run: async (text, params = []) => {
      prepared(text).run(...params);
    },
    transaction: async (work) => {
      db.exec("BEGIN IMMEDIATE");
      try {
        const result = await work();
        db.exec("COMMIT");
        return result;
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    close: async () => {
      statements.clear();
      db.close();
    },
  };
}

async function openPostgres(url: string, role: "source" | "target"): Promise<Side> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  // A batch and its progress row commit together, so a crash that loses the last commits
  // loses both: the copy resumes from an earlier key. No need to wait for each flush.
  if (role === "target") await client.query("set synchronous_commit to off");
  return {
    dialect: "postgres",
    location: safeLocation(url),
    all: async (text, params = []) => (await client.query(text, params as unknown[])).rows,
    run: async (text, params = []) => {
      await client.query(text, params as unknown[]);
    },
    transaction: async (work) => {
      await client.query("BEGIN");
      try {
        const result = await work();
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      }
    },
    close: () => client.end(),
  };
}

/** PostgreSQL's invalid_catalog_name: the database in the URL does not exist. */
const NO_SUCH_DATABASE = "3D000";

/**
 * Brings the target's schema to the server's, with the server's own start-up migrations
 * (better-auth's tables, then ours); a PostgreSQL database that does not exist yet is created.
 */
export async function migrateTarget(address: string): Promise<void> {
  if (isPostgresUrl(address)) await createPostgresDatabase(address);
  const dataDir = mkdtempSync(join(tmpdir(), "follow-db-copy-"));
  const config = loadConfig({
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Signs nothing here: the schema does not depend on it.
    AUTH_SECRET: "db-copy-migrations-only-db-copy-migrations-only",
    ...(isPostgresUrl(address)
      ? { DATABASE_URL: address, DATABASE_POOL_MAX: "1" }
      : { DATABASE_PATH: address }),
  });
  const logger = createLogger(config);
  const database = connectDatabase(config);
  try {
    const auth = createAuth({
      config,
      database,
      logger,
      baseUrl: "http://127.0.0.1",
      secret: config.authSecret!,
    });
    await migrateDatabase(database, auth, logger);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function createPostgresDatabase(address: string): Promise<void> {
  const probe = new pg.Client({ connectionString: address });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== NO_SUCH_DATABASE) throw error;
  } finally {
    await probe.end().catch(() => {});
  }
  const url = new URL(address);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}
