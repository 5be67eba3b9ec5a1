import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { serverMigrations } from "../../migrations/server/index.ts";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import type { Database } from "../../server/db/schema.ts";
import { StablePlanSqliteDialect } from "../../server/db/sqlite-dialect.ts";
import { createTestPostgres } from "./postgres.ts";

/** Our numbered server migrations, to the latest (better-auth's tables are not needed here). */
export async function migrateServerSchema(db: Kysely<Database>): Promise<void> {
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => serverMigrations },
  }).migrateToLatest();
  if (error) throw error;
}

export interface TemporaryDatabase {
  database: DatabaseHandle;
  /** The directory the file is in, removed by `dispose`. */
  dir: string;
  /** Closes the connection and removes the temporary directory. */
  dispose(): Promise<void>;
}

/**
 * A migrated database of either dialect, as the server opens it: a SQLite file in a directory
 * of its own, or a fresh PostgreSQL database (dropped by `dispose`).
 */
export async function migratedDatabase(
  dialect: "sqlite" | "postgres",
  prefix: string,
): Promise<TemporaryDatabase> {
  if (dialect === "sqlite") return migratedSqliteFile(prefix);
  const postgres = await createTestPostgres();
  return migratedIn(
    prefix,
    (dir) =>
      connectDatabase({
        databaseUrl: postgres.url,
        databasePath: join(dir, "unused.sqlite"),
        databasePoolMax: 2,
      }),
    () => postgres.drop(),
  );
}

/**
 * A migrated SQLite file in a directory of its own, opened as the server opens it
 * (`connectDatabase`), or through a Kysely that hands every compiled query to `log`.
 */
export function migratedSqliteFile(
  prefix: string,
  log?: (query: CompiledQuery) => void,
): Promise<TemporaryDatabase> {
  return migratedIn(prefix, (dir) => {
    const path = join(dir, "follow.sqlite");
    return log ? loggedSqlite(path, dir, log) : connectDatabase({ databasePath: path });
  });
}

/** A temporary directory, the database `open` opens for it, migrated; `drop` ends it after. */
async function migratedIn(
  prefix: string,
  open: (dir: string) => DatabaseHandle,
  drop: () => Promise<void> = async () => {},
): Promise<TemporaryDatabase> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const database = open(dir);
  await migrateServerSchema(database.db);
  return {
    database,
    dir,
    async dispose() {
      await database.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A migrated in-memory SQLite; `log` sees every compiled query. */
export async function migratedMemorySqlite(
  log?: (query: CompiledQuery) => void,
): Promise<DatabaseHandle> {
  const database = loggedSqlite(":memory:", ":memory:", log);
  await migrateServerSchema(database.db);
  return database;
}

function loggedSqlite(
  path: string,
  location: string,
  log?: (query: CompiledQuery) => void,
): DatabaseHandle {
  // The server's dialect, so the queries seen are the ones it runs.
  const db = new Kysely<Database>({
    dialect: new StablePlanSqliteDialect({ database: new SQLite(path) }),
    ...(log ? { log: (event) => log(event.query) } : {}),
  });
  return { db, dialect: "sqlite", location, close: () => db.destroy() };
}
