import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRow } from "../db/schema.ts";
import { nowIso } from "./time.ts";

/**
 * Claims up to `limit` due feeds for one worker by lease. On PostgreSQL the candidate rows are
 * locked with SKIP LOCKED so concurrent workers take disjoint sets; SQLite has one writer at a
 * time, so its single UPDATE is already atomic. Only feeds somebody subscribes to are fetched.
 */
export async function claimDueFeeds(
  database: DatabaseHandle,
  worker: string,
  limit: number,
  leaseMs: number,
): Promise<FeedRow[]> {
  const now = nowIso();
  const until = new Date(Date.now() + leaseMs).toISOString();
  const lock = database.dialect === "postgres" ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const result = await sql<FeedRow>`
    UPDATE feed SET lease_owner = ${worker}, lease_until = ${until}
    WHERE id IN (
      SELECT id FROM feed
      WHERE next_check_at <= ${now}
        AND (lease_until IS NULL OR lease_until < ${now})
        AND EXISTS (SELECT 1 FROM subscription WHERE subscription.feed_id = feed.id)
      ORDER BY next_check_at
      LIMIT ${limit}
      ${lock}
    )
    RETURNING *`.execute(database.db);
  return result.rows;
}

/**
 * Takes one feed's lease for `worker` unless another holds an unexpired one (an admin's forced
 * refresh). The feed row, or undefined when it is missing or leased.
 */
export async function claimFeed(
  database: DatabaseHandle,
  feedId: string,
  worker: string,
  leaseMs: number,
): Promise<FeedRow | undefined> {
  const now = nowIso();
  const until = new Date(Date.now() + leaseMs).toISOString();
  const result = await sql<FeedRow>`
    UPDATE feed SET lease_owner = ${worker}, lease_until = ${until}
    WHERE id = ${feedId} AND (lease_until IS NULL OR lease_until < ${now})
    RETURNING *`.execute(database.db);
  return result.rows[0];
}

/**
 * Extends a lease `worker` still holds, right before its fetch: a batch claimed at once is
 * fetched over minutes, and a lease that ran out meanwhile may have passed to another worker.
 * False when the lease is no longer ours (the feed is then left alone).
 */
export async function renewFeedLease(
  database: DatabaseHandle,
  feedId: string,
  worker: string,
  leaseMs: number,
): Promise<boolean> {
  const now = nowIso();
  const until = new Date(Date.now() + leaseMs).toISOString();
  const result = await database.db
    .updateTable("feed")
    .set({ lease_until: until })
    .where("id", "=", feedId)
    .where("lease_owner", "=", worker)
    .where("lease_until", ">=", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a lease and records the outcome of the fetch. */
export async function finishFeedCheck(
  database: DatabaseHandle,
  feedId: string,
  worker: string,
  outcome:
    | { ok: true; nextCheckAt: string; etag: string | null; lastModified: string | null }
    | { ok: false; nextCheckAt: string; message: string; failureCount: number },
) {
  const now = nowIso();
  const common = {
    lease_owner: null,
    lease_until: null,
    checked_at: now,
    next_check_at: outcome.nextCheckAt,
  };
  const set = outcome.ok
    ? {
        ...common,
        etag: outcome.etag,
        last_modified: outcome.lastModified,
        error_at: null,
        error_message: null,
        failure_count: 0,
      }
    : {
        ...common,
        error_at: now,
        error_message: outcome.message.slice(0, 1000),
        failure_count: outcome.failureCount,
      };
  await database.db
    .updateTable("feed")
    .set(set)
    .where("id", "=", feedId)
    .where((eb) => eb.or([eb("lease_owner", "=", worker), eb("lease_owner", "is", null)]))
    .execute();
}

export async function recentPublishedAt(database: DatabaseHandle, feedId: string, count = 20) {
  const rows = await database.db
    .selectFrom("entry")
    .select("published_at")
    .where("feed_id", "=", feedId)
    .orderBy("published_at", "desc")
    .limit(count)
    .execute();
  return rows.map((r) => r.published_at);
}
