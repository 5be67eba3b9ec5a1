import * as SQLite from "@journeyapps/wa-sqlite";
import { createMutex, type Mutex } from "./mutex.ts";
import { registerSearchFunctions } from "./search-functions.ts";
import { type BindText, createTextBinder } from "./text-binder.ts";
import type { ExecuteResult, Row, SqlValue } from "./types.ts";
import { watchWrites } from "./update-hook.ts";

/** Prepared statements kept per connection; the least recently used is finalized past this. */
const STATEMENT_CACHE_SIZE = 200;

// open_v2 reads the new handle from scratch memory shared by the whole wasm module after an
// await, so two opens at once on one module can swap handles: they take turns.
const openTurns = new WeakMap<SQLiteAPI, Mutex>();

/** One open wa-sqlite database handle with statement caching and write tracking. */
export interface SqliteConnection {
  /** Runs `sql`: one statement, or a script whose last statement gives the result. `params`
   * bind to each statement that has placeholders. */
  run(sql: string, params?: readonly SqlValue[]): Promise<ExecuteResult>;
  /** True between BEGIN and COMMIT/ROLLBACK. */
  readonly inTransaction: boolean;
  /** Lower-case names of the tables written since the last call, then forgets them. */
  takeWrittenTables(): Set<string>;
  close(): Promise<void>;
}

/** A loaded wa-sqlite build: its API and the Emscripten module under it. */
export interface SqliteModule {
  api: SQLiteAPI;
  module: unknown;
}

export async function openConnection(
  { api, module }: SqliteModule,
  filename: string,
  vfsName: string,
): Promise<SqliteConnection> {
  // URI filenames let VACUUM INTO name the export VFS (see export.ts).
  const flags = SQLite.SQLITE_OPEN_CREATE | SQLite.SQLITE_OPEN_READWRITE | SQLite.SQLITE_OPEN_URI;
  const turns = openTurns.get(api) ?? createMutex();
  openTurns.set(api, turns);
  const db = await turns.run(() => api.open_v2(filename, flags, vfsName));
  // Before anything runs: the search index's triggers call these.
  registerSearchFunctions(api, module, db);
  // Statement journals (any write that fires a trigger needs one) and temp tables stay in
  // memory: on the browser's VFS each would be a file write per statement.
  await api.exec(db, "PRAGMA temp_store = MEMORY");
  const cache = new Map<string, number>();
  const written = new Set<string>();
  const bindText = createTextBinder(module);
  // Statements never interleave on the handle, even when a caller runs several at once.
  const serial = createMutex();
  let closed = false;

  const writes = watchWrites(module, db, (table) => written.add(table.toLowerCase()));

  async function step(stmt: number, params: readonly SqlValue[] | undefined) {
    try {
      bindAll(api, bindText, stmt, params);
      const rows: Row[] = [];
      let columns: string[] | undefined;
      while ((await api.step(stmt)) === SQLite.SQLITE_ROW) {
        columns ??= api.column_names(stmt);
        rows.push(toRow(columns, api.row(stmt)));
      }
      const changes = api.column_count(stmt) === 0 ? api.changes(db) : 0;
      return { rows, changes };
    } finally {
      // reset() repeats the step error, which has already been thrown above. Bindings stay:
      // every run binds every slot again.
      await api.reset(stmt).catch(() => undefined);
      writes.flush();
    }
  }

  async function runNow(sql: string, params?: readonly SqlValue[]): Promise<ExecuteResult> {
    if (closed) throw new Error("The database connection is closed");
    const cached = cache.get(sql);
    if (cached !== undefined) {
      cache.delete(sql);
      cache.set(sql, cached);
      return trackTruncate(sql, await step(cached, params));
    }
    // Prepared one at a time: a later statement of a script may need an earlier one's table.
    let result: ExecuteResult = { rows: [], changes: 0 };
    let count = 0;
    let first: number | undefined;
    try {
      for await (const stmt of api.statements(db, sql, { unscoped: true })) {
        count++;
        if (count === 1) first = stmt;
        else if (first !== undefined) await api.finalize(first).then(() => (first = undefined));
        try {
          result = await step(stmt, params);
        } finally {
          if (count > 1) await api.finalize(stmt);
        }
      }
    } catch (error) {
      if (first !== undefined) await api.finalize(first);
      throw error;
    }
    // A single statement is kept for next time.
    if (first !== undefined) remember(sql, first);
    return trackTruncate(sql, result);
  }

  function remember(sql: string, stmt: number) {
    cache.set(sql, stmt);
    if (cache.size <= STATEMENT_CACHE_SIZE) return;
    const [oldestSql, oldest] = cache.entries().next().value!;
    cache.delete(oldestSql);
    void api.finalize(oldest);
  }

  // "DELETE FROM t" without WHERE takes SQLite's truncate path, which skips the update hook.
  function trackTruncate(sql: string, result: ExecuteResult): ExecuteResult {
    const table = /^\s*delete\s+from\s+["`[]?(\w+)["`\]]?\s*;?\s*$/i.exec(sql)?.[1];
    if (table) written.add(table.toLowerCase());
    return result;
  }

  return {
    run: (sql, params) => serial.run(() => runNow(sql, params)),
    get inTransaction() {
      return !closed && api.get_autocommit(db) === 0;
    },
    takeWrittenTables() {
      const tables = new Set(written);
      written.clear();
      return tables;
    },
    close: () =>
      serial.run(async () => {
        if (closed) return;
        closed = true;
        await Promise.all([...cache.values()].map((stmt) => api.finalize(stmt)));
        cache.clear();
        writes.stop();
        await api.close(db);
      }),
  };
}

function bindAll(
  api: SQLiteAPI,
  bindText: BindText,
  stmt: number,
  params: readonly SqlValue[] | undefined,
): void {
  const count = api.bind_parameter_count(stmt);
  const given = params?.length ?? 0;
  // In a script, statements without placeholders ignore the parameters.
  if (count > 0 && count !== given) {
    throw new RangeError(`The statement takes ${count} parameter(s) but ${given} were given`);
  }
  for (let index = 0; index < count; index++) {
    const rc = bindValue(api, bindText, stmt, index + 1, params?.[index]);
    if (rc !== SQLite.SQLITE_OK) throw new SQLite.SQLiteError("Binding a parameter failed", rc);
  }
}

function bindValue(
  api: SQLiteAPI,
  bindText: BindText,
  stmt: number,
  slot: number,
  value: unknown,
): number {
  switch (typeof value) {
    case "number":
      // bind() would store integers past 32 bits as REAL: keep them INTEGER.
      if (Number.isSafeInteger(value) && (value > 0x7fffffff || value < -0x80000000)) {
        return api.bind_int64(stmt, slot, BigInt(value));
      }
      return api.bind(stmt, slot, value);
    case "string":
      return bindText(stmt, slot, value);
    case "boolean":
      return api.bind_int(stmt, slot, value ? 1 : 0);
    case "bigint":
      return api.bind_int64(stmt, slot, value);
    case "undefined":
      return api.bind_null(stmt, slot);
    default:
      if (value === null) return api.bind_null(stmt, slot);
      if (value instanceof Uint8Array) return api.bind_blob(stmt, slot, value);
      throw new TypeError(`Cannot bind a value of type ${typeof value} to SQL`);
  }
}

function toRow(columns: readonly string[], values: readonly unknown[]): Row {
  const row: Row = {};
  for (let index = 0; index < columns.length; index++) {
    const value = values[index];
    // Integers beyond 2^53 come back as bigint; text keeps every digit.
    row[columns[index]!] = typeof value === "bigint" ? value.toString() : (value as SqlValue);
  }
  return row;
}
