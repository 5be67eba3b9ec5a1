import type { Observable } from "rxjs";

/**
 * The local database (`follow.db`) as the rest of the client sees it. One implementation runs
 * wa-sqlite in a dedicated Worker in the browser (OPFS, else IndexedDB); another runs it on
 * MemoryVFS in Node for tests. Everything above this interface is the same in both.
 */
export type SqlValue = string | number | null | Uint8Array;
export type Row = Record<string, SqlValue>;

export interface SqlRunner {
  /** Runs one statement. A failing statement is logged and yields no rows. */
  query<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a statement and throws on failure (used inside transactions that must roll back). */
  execute(sql: string, params?: readonly SqlValue[]): Promise<ExecuteResult>;
}

export interface ExecuteResult {
  rows: Row[];
  changes: number;
}

export interface LocalDatabase extends SqlRunner {
  /**
   * Runs `work` in one transaction, serialised with every other write (one writer at a time,
   * across tabs too). Commits when it resolves, rolls back when it throws. Subscribers of the
   * tables it wrote are notified once, after commit: the tables its built statements name, those
   * SQLite reports, and `tables` (writes neither covers: raw statements that delete every row).
   */
  transaction<T>(tables: readonly string[], work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** Emits the set of tables changed by each committed write (from this tab or another). */
  readonly changes$: Observable<ReadonlySet<string>>;
  /** The database file, streamed in 65,536-byte chunks. */
  exportFile(): AsyncIterable<Uint8Array>;
  /** Deletes the database and recreates it, migrated, empty. */
  reset(): Promise<void>;
  close(): Promise<void>;
}
