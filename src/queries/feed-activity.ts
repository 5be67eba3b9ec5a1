import type { Observable } from "rxjs";
import { liveQuery } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";

/** The newest entry's publish time per feed, as far as the local store knows. */
export function feedLatest$(db: LocalDatabase): Observable<Record<string, string>> {
  return liveQuery(db, ["entries"], async () => {
    const rows = await db.query<{ feed_id: string; latest: string }>(
      "SELECT feed_id, MAX(published_at) AS latest FROM entries WHERE feed_id IS NOT NULL GROUP BY feed_id",
    );
    return Object.fromEntries(rows.map((row) => [row.feed_id, row.latest]));
  });
}
