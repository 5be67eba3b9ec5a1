import * as SQLite from "@journeyapps/wa-sqlite";
import { plainTextOf } from "../../contract/search/plain-text.ts";
import { indexableText } from "../../contract/search/tokens.ts";

/** Indexed text per entry is bounded, as on the server. */
const MAX_BODY = 20_000;
const MAX_FIELD = 1_000;

/**
 * `search_text(value, isBody)`: what the local FTS5 index stores for a column (plain text,
 * CJK characters apart). Registered on every connection before migrations run, since the
 * triggers of migrations/client/0003_search.ts call it.
 */
export function registerSearchFunctions(api: SQLiteAPI, module: unknown, db: number): void {
  // wa-sqlite keeps one callback per function name and wasm module: registering on a second
  // database deletes the first database's callback, whose calls then find none. Every
  // connection keeps its own here (tests open several databases on one module).
  const wasm = module as { deleteCallback(key: number): void };
  const deleteCallback = wasm.deleteCallback;
  wasm.deleteCallback = () => {};
  try {
    createSearchText(api, db);
  } finally {
    wasm.deleteCallback = deleteCallback;
  }
}

function createSearchText(api: SQLiteAPI, db: number): void {
  api.create_function(
    db,
    "search_text",
    2,
    SQLite.SQLITE_UTF8 | SQLite.SQLITE_DETERMINISTIC,
    0,
    (context, values) => {
      const value =
        api.value_type(values[0]!) === SQLite.SQLITE_NULL ? "" : api.value_text(values[0]!);
      const body = api.value_int(values[1]!) === 1;
      const text =
        value.includes("<") || value.includes("&")
          ? plainTextOf(value, body ? MAX_BODY : MAX_FIELD)
          : value.slice(0, body ? MAX_BODY : MAX_FIELD);
      api.result_text(context, indexableText(text));
    },
  );
}
