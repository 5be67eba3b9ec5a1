import type { FeedRow } from "../db/schema.ts";
import { IdScanLimiter } from "../http/id-scan-limiter.ts";
import type { RefreshOutcome } from "./refresh-feed.ts";

/**
 * A subscriber's "fetch now": any feed they follow (directly or through a list) may be fetched
 * outside its schedule, but a site is never hammered: a feed checked within the last minute (by
 * anyone, or by the scheduler) answers with that check's result instead of fetching again, and
 * one person gets 20 fetches at once, then one every 6 s.
 */
export const FETCH_NOW_MIN_INTERVAL_MS = 60_000;

export function createFetchNowBudget() {
  return new IdScanLimiter({ capacity: 20, refillMs: 6_000 });
}

/** The feed's last check, when it is recent enough to stand for a fetch now; else null. */
export function recentCheck(feed: FeedRow, now = Date.now()): RefreshOutcome | null {
  const checked = feed.checked_at ? Date.parse(feed.checked_at) : Number.NaN;
  if (!(now - checked < FETCH_NOW_MIN_INTERVAL_MS)) return null;
  const nextCheckAt = feed.next_check_at;
  if (feed.error_message) {
    return { ok: false, code: 2003, message: feed.error_message, nextCheckAt };
  }
  return { ok: true, notModified: true, unchanged: true, inserted: 0, updated: 0, nextCheckAt };
}
