import { Observable } from "rxjs";
import type { Select } from "./local-sql.ts";
import { selectRows } from "./select-rows.ts";
import type { LocalDatabase } from "./types.ts";

/**
 * A query that stays current: emits `run()`'s first result, then runs it again whenever a
 * write commits to one of `tables` (in this tab or another), and only then. A burst of
 * writes while a run is in flight costs one more run, not one per write. A result equal to
 * the previous one (as JSON) is not emitted again. A failing run is logged and skipped:
 * the last good result stays on screen.
 */
export function liveQuery<T>(
  db: Pick<LocalDatabase, "changes$">,
  tables: readonly string[],
  run: () => Promise<T>,
): Observable<T> {
  const watched = new Set(tables.map((table) => table.toLowerCase()));
  return new Observable<T>((subscriber) => {
    let running = false;
    let stale = false;
    let last: string | undefined;

    async function refresh() {
      if (running) {
        stale = true;
        return;
      }
      running = true;
      try {
        do {
          stale = false;
          try {
            const result = await run();
            const json = JSON.stringify(result);
            if (!subscriber.closed && json !== last) {
              last = json;
              subscriber.next(result);
            }
          } catch (error) {
            console.error("Live query failed", error);
          }
        } while (stale && !subscriber.closed);
      } finally {
        running = false;
      }
    }

    const changes = db.changes$.subscribe({
      next: (changed) => {
        for (const table of changed) {
          if (watched.has(table)) return void refresh();
        }
      },
      complete: () => subscriber.complete(),
    });
    void refresh();
    return () => changes.unsubscribe();
  });
}

/**
 * A typed live query: runs `query` (a built select) and maps its rows; watches exactly the
 * tables the select names.
 */
export function liveSelect<Row, T>(
  db: Pick<LocalDatabase, "changes$" | "query">,
  query: Select<Row>,
  map: (rows: Row[]) => T,
): Observable<T> {
  return liveQuery(db, query.reads, async () => map(await selectRows(db, query)));
}
