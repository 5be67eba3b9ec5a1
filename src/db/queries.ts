import { Observable } from "rxjs";
import type { Select } from "./local-sql.ts";
import { selectRows } from "./select-rows.ts";
import { type ResultSharing, resultKey, type SharedResult, sharingOf } from "./shared-results.ts";
import type { LocalDatabase, Row } from "./types.ts";

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
  return liveResults(db, tables, run, (value) => value);
}

/**
 * A typed live query: runs `query` (a built select) and maps its rows; watches exactly the
 * tables the select names. Across tabs, the tab that committed passes its rows to the others
 * (./shared-results.ts), so every tab shows a change as soon as the one that made it.
 */
export function liveSelect<Row, T>(
  db: Pick<LocalDatabase, "changes$" | "query">,
  query: Select<Row>,
  map: (rows: Row[]) => T,
): Observable<T> {
  const sharing = sharingOf(db);
  return liveResults(
    db,
    query.reads,
    () => selectRows(db, query),
    map,
    sharing ? { sharing, key: resultKey(query.sql, query.params) } : undefined,
  );
}

interface Shared {
  sharing: ResultSharing;
  key: string;
}

function liveResults<R, T>(
  db: Pick<LocalDatabase, "changes$">,
  tables: readonly string[],
  run: () => Promise<R>,
  map: (value: R) => T,
  shared?: Shared,
): Observable<T> {
  const watched = new Set(tables.map((table) => table.toLowerCase()));
  return new Observable<T>((subscriber) => {
    let running = false;
    let stale = false;
    let last: string | undefined;
    // Which change each result follows: the relevant changes heard so far, the one shown.
    let heard = 0;
    let shown = -1;
    let latest: { id: string; own: boolean } | undefined;
    // Another tab's rows that came before the commit they follow was heard of here.
    let early: SharedResult | undefined;

    // A result older than the one on screen (another tab's, newer) is not shown.
    function show(value: R, after: number) {
      if (after < shown || subscriber.closed) return;
      shown = after;
      const result = map(value);
      const json = JSON.stringify(result);
      if (json !== last) {
        last = json;
        subscriber.next(result);
      }
    }

    async function refresh() {
      if (running) {
        stale = true;
        return;
      }
      running = true;
      try {
        do {
          stale = false;
          const after = heard;
          const commit = latest;
          try {
            const value = await run();
            show(value, after);
            if (shared && commit?.own) {
              shared.sharing.publish(shared.key, commit.id, value as unknown as Row[]);
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
          if (!watched.has(table)) continue;
          heard++;
          latest = shared?.sharing.commitOf(changed);
          if (early && early.commit === latest?.id) show(early.rows as unknown as R, heard);
          early = undefined;
          return void refresh();
        }
      },
      complete: () => subscriber.complete(),
    });
    // Another tab's rows for this query, run after the latest commit heard of here.
    const results = shared?.sharing.results$.subscribe((result) => {
      if (result.key !== shared.key) return;
      if (result.commit === latest?.id) show(result.rows as unknown as R, heard);
      else early = result;
    });
    void refresh();
    return () => {
      changes.unsubscribe();
      results?.unsubscribe();
    };
  });
}
