import { Subject } from "rxjs";
import { type BatchRunner, runInOrder, type SqlStatement } from "./batch.ts";
import { chunkBytes, type MemoryFiles, snapshotDatabase } from "./export.ts";
import { type Migration, type MigrationReport, type MigrationTarget, migrate } from "./migrate.ts";
import { createMutex } from "./mutex.ts";
import type { SqliteConnection } from "./sqlite.ts";
import type { ExecuteResult, LocalDatabase, Row, SqlRunner, SqlValue } from "./types.ts";
import { dropAllObjects } from "./wipe.ts";

/** How long a statement may wait behind an open transaction before we suspect a deadlock. */
const DEADLOCK_HINT_MS = 5_000;

export interface EngineOptions {
  /** Opens (creating if needed) the database file. */
  connect(): Promise<SqliteConnection>;
  /** Deletes the database file; the connection is closed first. Last resort of a wipe. */
  destroy(): Promise<void>;
  /** Where export snapshots are written (a MemoryVFS registered as EXPORT_VFS_NAME). */
  exportFiles: MemoryFiles;
  migrations: readonly Migration[];
  /** Serialises writes with other tabs (Web Locks in the browser); none in Node. */
  crossTabLock?: <T>(work: () => Promise<T>) => Promise<T>;
}

export interface Engine extends LocalDatabase, BatchRunner {
  /** The migration run at open, or at the last reset. */
  readonly migration: MigrationReport;
}

/**
 * The local database over one wa-sqlite connection, the same in Node and in the browser's
 * worker. Two locks: `writeLock` (in-process queue, then the cross-tab lock) orders writers,
 * and `gate` gives one user of the connection at a time, so a statement outside a
 * transaction never runs inside someone else's. Writers take the cross-tab lock before the
 * gate, so this tab keeps reading while another tab writes.
 */
export async function openEngine(options: EngineOptions): Promise<Engine> {
  let connection = await options.connect();
  const gate = createMutex();
  const writeQueue = createMutex();
  const crossTabLock = options.crossTabLock ?? ((work) => work());
  const changes$ = new Subject<ReadonlySet<string>>();
  let openTransaction = false;
  let closed = false;

  const writeLock = <T>(work: () => Promise<T>) =>
    writeQueue.run(() => crossTabLock(() => gate.run(work)));

  function emit(tables: Iterable<string>) {
    const set = new Set([...tables].map((table) => table.toLowerCase()));
    if (set.size > 0 && !closed) changes$.next(set);
  }

  function ensureOpen() {
    if (closed) throw new Error("The database connection is closing");
  }

  // Outside a transaction: statements through the gate, each autocommitted.
  async function runAlone<T>(sql: string, work: () => Promise<T>): Promise<T> {
    ensureOpen();
    const hint = openTransaction ? deadlockHint(sql) : undefined;
    let written: Set<string> = new Set();
    try {
      return await gate.run(async () => {
        try {
          return await work();
        } finally {
          if (!connection.inTransaction) written = connection.takeWrittenTables();
        }
      });
    } finally {
      clearTimeout(hint);
      emit(written);
    }
  }

  const execute = (sql: string, params?: readonly SqlValue[]) =>
    runAlone(sql, () => connection.run(sql, params));

  async function inTransaction<T>(work: () => Promise<T>): Promise<T> {
    await connection.run("BEGIN IMMEDIATE");
    try {
      const result = await work();
      await connection.run("COMMIT");
      return result;
    } catch (error) {
      if (connection.inTransaction) {
        await connection.run("ROLLBACK").catch((rollbackError: unknown) => {
          console.error("ROLLBACK failed", rollbackError);
        });
      }
      connection.takeWrittenTables();
      throw error;
    }
  }

  async function wipe() {
    try {
      await dropAllObjects(connection);
    } catch (error) {
      // A file SQLite cannot read (not a database, corrupt) can only be deleted.
      console.error("Emptying the local database failed; deleting the file", error);
      await connection.close().catch(() => undefined);
      await options.destroy();
      connection = await options.connect();
    }
  }

  const migrationTarget: MigrationTarget = {
    execute: (sql, params) => connection.run(sql, params),
    inTransaction,
    wipe,
  };

  async function userTables(): Promise<string[]> {
    const { rows } = await connection.run(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
    );
    return rows.map((row) => String(row.name));
  }

  let migration: MigrationReport;
  try {
    migration = await writeLock(() => migrate(migrationTarget, options.migrations));
  } catch (error) {
    // The caller may retry the open (a busy storage): leave no connection behind.
    await connection.close().catch(() => undefined);
    throw error;
  }
  connection.takeWrittenTables();

  return {
    get migration() {
      return migration;
    },
    changes$: changes$.asObservable(),

    async query<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
      try {
        return (await execute(sql, params)).rows as T[];
      } catch (error) {
        console.error("SQL failed:", sql, error);
        return [];
      }
    },

    execute,

    executeBatch: (statements: readonly SqlStatement[]) =>
      runAlone(statements[0]?.sql ?? "", () =>
        runInOrder((sql, params) => connection.run(sql, params), statements),
      ),

    /** `work` gets a BatchRunner (see batch.ts), typed as the SqlRunner of types.ts. */
    async transaction<T>(tables: readonly string[], work: (tx: SqlRunner) => Promise<T>) {
      ensureOpen();
      let changed: Set<string> = new Set();
      const result = await writeLock(async () => {
        openTransaction = true;
        const tx = transactionRunner((sql, params) => connection.run(sql, params));
        try {
          const value = await inTransaction(() => work(tx.runner));
          changed = new Set([...tables, ...tx.written, ...connection.takeWrittenTables()]);
          return value;
        } finally {
          tx.finish();
          openTransaction = false;
        }
      });
      emit(changed);
      return result;
    },

    async *exportFile() {
      ensureOpen();
      const bytes = await gate.run(() => snapshotDatabase(connection, options.exportFiles));
      yield* chunkBytes(bytes);
    },

    async reset() {
      ensureOpen();
      let tables: string[] = [];
      await writeLock(async () => {
        const before = await userTables();
        await wipe();
        migration = await migrate(migrationTarget, options.migrations);
        connection.takeWrittenTables();
        tables = [...before, ...(await userTables())];
      });
      emit(tables);
    },

    async close() {
      if (closed) return;
      closed = true;
      changes$.complete();
      await gate.run(() => connection.close());
    },
  };
}

/** A runner valid only until the transaction ends, so a stray late call fails loudly. */
function transactionRunner(
  run: (sql: string, params?: readonly SqlValue[]) => Promise<ExecuteResult>,
) {
  let finished = false;
  // Built statements name the table they write: notified even when the update hook misses
  // the write (a DELETE of every row, which SQLite runs as a truncation).
  const written = new Set<string>();
  const execute = (sql: string, params?: readonly SqlValue[]) => {
    if (finished) return Promise.reject(new Error("The transaction has already finished"));
    return run(sql, params);
  };
  const runner: BatchRunner = {
    execute,
    executeBatch: (statements) => {
      for (const statement of statements) if (statement.writes) written.add(statement.writes);
      return runInOrder(execute, statements);
    },
    async query<T extends Row = Row>(sql: string, params?: readonly SqlValue[]) {
      try {
        return (await execute(sql, params)).rows as T[];
      } catch (error) {
        console.error("SQL failed:", sql, error);
        return [];
      }
    },
  };
  return {
    runner,
    written,
    finish() {
      finished = true;
    },
  };
}

function deadlockHint(sql: string) {
  return setTimeout(() => {
    console.warn(
      `A statement has waited ${DEADLOCK_HINT_MS} ms for an open transaction. Inside ` +
        "transaction work, use the tx runner, not the database itself:",
      sql,
    );
  }, DEADLOCK_HINT_MS);
}
