import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { openFeedIds } from "./feed-access.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * An entry is read or unread once per person, whichever way it reaches them (a feed they follow,
 * a list they follow). Starting to follow something marks the newest entries unread only of the
 * feeds the person did not reach before, and never an entry they already read: following a list
 * that holds a feed you read must not un-read it.
 */

/** Which of these feeds a person reaches: subscribed, or in a list they follow. */
export async function reachableFeedIds(
  db: Db,
  userId: string,
  feedIds: readonly string[],
): Promise<string[]> {
  if (feedIds.length === 0) return [];
  const rows = await db
    .selectFrom("subscription")
    .select("feed_id")
    .where("user_id", "=", userId)
    .where("feed_id", "in", [...feedIds])
    .union(
      db
        .selectFrom("list_subscription")
        .innerJoin("list_feed", "list_feed.list_id", "list_subscription.list_id")
        .select("list_feed.feed_id")
        .where("list_subscription.user_id", "=", userId)
        .where("list_feed.feed_id", "in", [...feedIds]),
    )
    .execute();
  // Someone else's inbox is reached by no row pointing at it (made before that was refused).
  const open = await openFeedIds(
    db,
    userId,
    rows.map((r) => r.feed_id),
  );
  return rows.map((r) => r.feed_id).filter((id) => open.has(id));
}

/** Of these feeds, the ones the person does not reach yet (call before adding the new path). */
export async function feedsNotYetReached(
  db: Db,
  userId: string,
  feedIds: readonly string[],
): Promise<string[]> {
  const reached = new Set(await reachableFeedIds(db, userId, feedIds));
  return [...new Set(feedIds)].filter((id) => !reached.has(id));
}

/** Marks up to `perFeed` newest entries of each feed unread, skipping entries already read. */
export async function backfillUnread(
  db: Db,
  userId: string,
  feedIds: readonly string[],
  perFeed: number,
): Promise<void> {
  if (perFeed <= 0) return;
  for (const feedId of feedIds) {
    const recent = await db
      .selectFrom("entry")
      .select(["entry.id", "entry.published_at"])
      .where("entry.feed_id", "=", feedId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("read_history")
              .select("read_history.entry_id")
              .whereRef("read_history.entry_id", "=", "entry.id")
              .where("read_history.user_id", "=", userId),
          ),
        ),
      )
      .orderBy("entry.published_at", "desc")
      .limit(perFeed)
      .execute();
    if (recent.length === 0) continue;
    await db
      .insertInto("unread")
      .values(
        recent.map((e) => ({
          user_id: userId,
          entry_id: e.id,
          feed_id: feedId,
          published_at: e.published_at,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
