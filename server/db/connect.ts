import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import { preparingPool } from "./prepared-pool.ts";
import type { Database, DatabaseDialect } from "./schema.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  /** Where the data lives, with any password removed, for logs. */
  location: string;
  /** PostgreSQL's connection pool, for its counts (metrics); none for SQLite. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
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

/** Address space, not memory: pages are shared with the OS file cache. */
const MMAP_BYTES = 2_000_000_000;

function connectSqlite(path: string): DatabaseHandle {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers run beside the single writer; busy_timeout rides out short lock waits.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // Reads through memory-mapped pages instead of a read() per page: ranked search looks up
  // thousands of scattered rows (about 3x faster at 1M entries, npm run bench -- search).
  if (path !== ":memory:") sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: "sqlite", location: path, close: () => db.destroy() };
}

/** Distinct SQL texts kept prepared; the app has a few dozen, list filters make some more. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; compiling the timeline's seven-table join
 * costs about as much as running it. This keeps the most recently used statements by SQL text
 * (SQLite re-prepares them itself after a schema change). A statement still busy (an iteration
 * in progress on the same connection) is not shared: that call gets a fresh one.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql) => {
      const cached = statements.get(sql);
      if (cached) {
        if (cached.busy) return sqlite.prepare(sql);
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

function connectPostgres(url: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  // A connection the database ends (restart, failover, an administrator's command) must not
  // crash the process: a query it was running fails and reports that; the pool opens another.
  const dropped = () => {};
  pool.on("error", dropped);
  pool.on("connect", (client) => client.on("error", dropped));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  const safe = new URL(url);
  if (safe.password) safe.password = "***";
  return { db, dialect: "postgres", location: safe.toString(), pool, close: () => db.destroy() };
}
