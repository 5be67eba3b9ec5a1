import type { Observable } from "rxjs";
import { local, select } from "../db/local-sql.ts";
import { liveSelect } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";

const LATEST_PER_FEED = select(
  local
    .selectFrom("entries")
    .select((eb) => ["feed_id", eb.fn.max("published_at").as("latest")])
    .where("feed_id", "is not", null)
    .groupBy("feed_id"),
);

/** The newest entry's publish time per feed, as far as the local store knows. */
export function feedLatest$(db: LocalDatabase): Observable<Record<string, string>> {
  return liveSelect(db, LATEST_PER_FEED, (rows) =>
    Object.fromEntries(rows.map((row) => [row.feed_id, row.latest])),
  );
}
