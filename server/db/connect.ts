import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database, DatabaseDialect } from "./schema.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  /** Where the data lives, with any password removed, for logs. */
  location: string;
  close(): Promise<void>;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded SQLite file. */
export function connectDatabase(options: {
  databaseUrl?: string | undefined;
  databasePath: string;
  databasePoolMax?: number;
}): DatabaseHandle {
  if (options.databaseUrl)
    return connectPostgres(options.databaseUrl, options.databasePoolMax ?? 10);
  return connectSqlite(options.databasePath);
}

function connectSqlite(path: string): DatabaseHandle {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers run beside the single writer; busy_timeout rides out short lock waits.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", location: path, close: () => db.destroy() };
}

function connectPostgres(url: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  if (safe.password) safe.password = "***";
  return { db, dialect: "postgres", location: safe.toString(), close: () => db.destroy() };
}
