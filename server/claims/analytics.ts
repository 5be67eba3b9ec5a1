import { sql } from "kysely";
import type { ClaimedFeedAnalytics } from "../../contract/api/claims.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { subscriberCount } from "../storage/feeds.ts";

const WEEKS = 12;
const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week holding `time`. */
export function weekStart(time: number): number {
  const day = Math.floor(time / DAY_MS);
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counted from Monday.
  return (day - ((day + 3) % 7)) * DAY_MS;
}

/**
 * What a feed's owner sees: subscribers, and entries and reads for each of the last 12 weeks
 * (reads are anyone's first opening of an entry, counted without saying whose).
 */
export async function claimedFeedAnalytics(
  database: DatabaseHandle,
  feedId: string,
  now = Date.now(),
): Promise<ClaimedFeedAnalytics> {
  const first = weekStart(now) - (WEEKS - 1) * 7 * DAY_MS;
  const since = new Date(first).toISOString();
  const db = database.db;
  const entries = await sql<{ at: string }>`select published_at as at from entry
    where feed_id = ${feedId} and published_at >= ${since}`.execute(db);
  const reads = await sql<{ at: string }>`select r.read_at as at from read_history r
    join entry e on e.id = r.entry_id where e.feed_id = ${feedId} and r.read_at >= ${since}`.execute(
    db,
  );
  const totals = await sql<{ entries: number | string; reads: number | string }>`select
    (select count(*) from entry where feed_id = ${feedId}) as entries,
    (select count(*) from read_history r join entry e on e.id = r.entry_id
      where e.feed_id = ${feedId}) as reads`.execute(db);
  const weeks = Array.from({ length: WEEKS }, (_, i) => ({
    week: new Date(first + i * 7 * DAY_MS).toISOString().slice(0, 10),
    entries: 0,
    reads: 0,
  }));
  const slot = (at: string) => {
    const time = Date.parse(at);
    if (Number.isNaN(time) || time < first) return undefined;
    return weeks[Math.floor((weekStart(time) - first) / (7 * DAY_MS))];
  };
  for (const row of entries.rows) {
    const week = slot(row.at);
    if (week) week.entries += 1;
  }
  for (const row of reads.rows) {
    const week = slot(row.at);
    if (week) week.reads += 1;
  }
  const recent = weeks.slice(-4).reduce((sum, w) => sum + w.entries, 0);
  return {
    feedId,
    subscribers: await subscriberCount(database, feedId),
    weeks,
    entriesPerWeek: Math.round((recent / 4) * 10) / 10,
    totalEntries: Number(totals.rows[0]?.entries ?? 0),
    totalReads: Number(totals.rows[0]?.reads ?? 0),
  };
}
