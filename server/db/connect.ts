import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase } from "kysely";
import pg from "pg";
import { preparingPool } from "./prepared-pool.ts";
import type { Database, DatabaseDialect } from "./schema.ts";
import { StablePlanSqliteDialect } from "./sqlite-dialect.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  /** Where the data lives, with any password removed, for logs. */
  location: string;
  /** PostgreSQL's connection pool, for its counts (metrics); none for SQLite. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /** Frees what the embedded database caches (its page cache) after a burst of work. */
  releaseCaches?(): void;
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

/**
 * SQLite's memory-mapped window and page cache. Mapped pages a query touches count in the
 * process's RSS (file-backed) for as long as they stay mapped, so a window as large as the file
 * makes RSS follow the database's size; these bounds are chosen by measurement (README,
 * Performance: server memory). SQLITE_MMAP_MB / SQLITE_CACHE_MB override them (measurements).
 */
export const SQLITE_MMAP_BYTES = megabytesFromEnv("SQLITE_MMAP_MB", 0);
export const SQLITE_CACHE_KIB = megabytesFromEnv("SQLITE_CACHE_MB", 2) / 1024;

function megabytesFromEnv(name: string, fallbackMb: number): number {
  const value = Number(process.env[name]);
  return (
    (Number.isFinite(value) && value >= 0 && process.env[name] ? value : fallbackMb) * 1024 * 1024
  );
}

function connectSqlite(path: string): DatabaseHandle {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers run beside the single writer; busy_timeout rides out short lock waits.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  if (path !== ":memory:") sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({
    dialect: new StablePlanSqliteDialect({ database: statements }),
  });
  return {
    db,
    dialect: "sqlite",
    location: path,
    // Both fill again as requests come: a page read from the OS's cache costs microseconds, a
    // statement prepared again a fraction of a millisecond. A refresh leaves hundreds of
    // statements (an insert for each number of rows), freed once collected.
    releaseCaches: () => {
      statements.forget();
      sqlite.pragma("shrink_memory");
    },
    close: () => db.destroy(),
  };
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
): SqliteDatabase & { forget(): void } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    forget: () => statements.clear(),
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
