/** The parts of the Emscripten module that the update hook needs. */
interface HookModule {
  HEAP32: Int32Array;
  _sqlite3_malloc(bytes: number): number;
  _sqlite3_free(ptr: number): void;
  _libhook_update_hook(db: number, enable: number, key: number): void;
  setCallback(key: number, callback: (...args: number[]) => void): void;
  deleteCallback(key: number): void;
  UTF8ToString(ptr: number): string;
}

/**
 * Calls `onWrite` with the name of each table a statement on `db` wrote rows to (after the
 * statement, once per table, not once per row). Returns `flush`, to call after each
 * statement, and `stop`.
 *
 * wa-sqlite's own update_hook() keeps one callback per wasm module, so a second database on
 * the same module silently takes the first one's hook; and it decodes two strings and a
 * BigInt for every row. This registers a callback per database and decodes a table name
 * once per statement.
 */
export function watchWrites(module: unknown, db: number, onWrite: (table: string) => void) {
  const wasm = module as HookModule;
  const key = wasm._sqlite3_malloc(4);
  wasm.HEAP32[key >> 2] = 0; // 0: a synchronous callback
  const touched = new Set<number>();
  const isMain = new Map<number, boolean>();
  wasm.setCallback(key, (_user, _type, dbName = 0, tableName = 0) => {
    let main = isMain.get(dbName);
    if (main === undefined) {
      main = wasm.UTF8ToString(dbName) === "main";
      isMain.set(dbName, main);
    }
    if (main) touched.add(tableName);
  });
  wasm._libhook_update_hook(db, 1, key);
  return {
    // Names are read while the schema that owns them is still the statement's.
    flush() {
      for (const table of touched) onWrite(wasm.UTF8ToString(table));
      touched.clear();
    },
    stop() {
      wasm._libhook_update_hook(db, 0, key);
      wasm.deleteCallback(key);
      wasm._sqlite3_free(key);
    },
  };
}
