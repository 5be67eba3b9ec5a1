import { sql } from "kysely";
import { type Observable, of } from "rxjs";
import { local, select } from "../db/local-sql.ts";
import { liveSelect } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";
import { type TimelineQuery, timelineSource } from "./timeline.ts";

/** Newest unread entries of a timeline the raise section scans at most (one title scan each). */
export const RAISE_SCAN = 200;
/** Newest unread entries the arrival watch looks at per change. */
export const ARRIVAL_SCAN = 100;
/** Characters of a description matched: enough for a lede, cheap to carry and scan. */
const DESCRIPTION_CHARS = 300;

export interface SpotlightRow {
  id: string;
  title: string | null;
  description: string | null;
}

const columns = [
  "e.id as id",
  "e.title as title",
  sql<string | null>`substr(${sql.ref("e.description")}, 1, ${DESCRIPTION_CHARS})`.as(
    "description",
  ),
] as const;

/**
 * The newest unread entries of a timeline, at most RAISE_SCAN, for the raise keywords to be
 * matched against (saved searches are left out: their scope needs the search read first).
 */
export function raiseCandidates$(
  db: LocalDatabase,
  query: Pick<TimelineQuery, "view" | "feed">,
): Observable<SpotlightRow[]> {
  if (query.feed.kind === "search") return of([]);
  const rows = timelineSource({ ...query, unreadOnly: true })
    .query.where("e.read", "=", 0)
    .select(columns)
    .orderBy("e.published_at", "desc")
    .orderBy("e.id", "desc")
    .limit(RAISE_SCAN);
  return liveSelect(db, select(rows), (found) => found as SpotlightRow[]);
}

/**
 * The newest unread entries published since `since`, at most ARRIVAL_SCAN, re-read on each
 * change: where new arrivals show up (the published index bounds the scan).
 */
export function recentUnread$(db: LocalDatabase, since: string): Observable<SpotlightRow[]> {
  const rows = local
    .selectFrom("entries as e")
    .select(columns)
    .where("e.published_at", ">=", since)
    .where("e.read", "=", 0)
    .orderBy("e.published_at", "desc")
    .limit(ARRIVAL_SCAN);
  return liveSelect(db, select(rows), (found) => found as SpotlightRow[]);
}
