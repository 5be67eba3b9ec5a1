import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRow, SubscriptionRow } from "../db/schema.ts";
import { feedOpenTo } from "./feed-access.ts";
import { lockFeeds } from "./feed-lock.ts";
import { newFeedUnreadLimit } from "./new-feed-unread.ts";
import { backfillUnread, feedsNotYetReached, reachableFeedIds } from "./reached-feeds.ts";
import { bool, nowIso } from "./time.ts";

export async function listSubscriptions(database: DatabaseHandle, userId: string, view?: number) {
  let query = database.db
    .selectFrom("subscription")
    .innerJoin("feed", "feed.id", "subscription.feed_id")
    .selectAll("feed")
    .select([
      "subscription.user_id",
      "subscription.feed_id",
      "subscription.view",
      "subscription.is_private",
      "subscription.title as subscription_title",
      "subscription.category",
      "subscription.created_at as subscription_created_at",
      "subscription.notify",
    ])
    .where("subscription.user_id", "=", userId)
    // A subscription to someone else's inbox (made before that was refused) is not shown.
    .where(feedOpenTo(userId));
  if (view !== undefined) query = query.where("subscription.view", "=", view);
  const rows = await query.orderBy("subscription.created_at").execute();
  return rows.map((r) => {
    const subscription: SubscriptionRow & { notify: number } = {
      user_id: r.user_id,
      feed_id: r.feed_id,
      view: r.view,
      is_private: r.is_private,
      title: r.subscription_title,
      category: r.category,
      created_at: r.subscription_created_at,
      notify: r.notify,
    };
    const feed: FeedRow = { ...r };
    return { subscription, feed };
  });
}

export function findSubscription(database: DatabaseHandle, userId: string, feedId: string) {
  return database.db
    .selectFrom("subscription")
    .selectAll()
    .where("user_id", "=", userId)
    .where("feed_id", "=", feedId)
    .executeTakeFirst();
}

/** Subscribes (or re-subscribes, keeping settings given now) and backfills unread entries. */
export async function subscribe(
  database: DatabaseHandle,
  input: {
    userId: string;
    feedId: string;
    view: number;
    category?: string | null;
    title?: string | null;
    isPrivate?: boolean;
  },
): Promise<{ subscription: SubscriptionRow; unread: number }> {
  return database.db.transaction().execute(async (trx) => {
    await lockFeeds(trx, database.dialect, [input.feedId]);
    const existing = await trx
      .selectFrom("subscription")
      .selectAll()
      .where("user_id", "=", input.userId)
      .where("feed_id", "=", input.feedId)
      .executeTakeFirst();
    const subscription: SubscriptionRow = {
      user_id: input.userId,
      feed_id: input.feedId,
      view: input.view,
      is_private: bool(input.isPrivate ?? Boolean(existing?.is_private)),
      title: input.title !== undefined ? input.title : (existing?.title ?? null),
      category: input.category !== undefined ? input.category : (existing?.category ?? null),
      created_at: existing?.created_at ?? nowIso(),
    };
    if (existing) {
      await trx
        .updateTable("subscription")
        .set(subscription)
        .where("user_id", "=", input.userId)
        .where("feed_id", "=", input.feedId)
        .execute();
    } else {
      const fresh = await feedsNotYetReached(trx, input.userId, [input.feedId]);
      await trx.insertInto("subscription").values(subscription).execute();
      await backfillUnread(trx, input.userId, fresh, await newFeedUnreadLimit(trx, input.userId));
    }
    const unread = await trx
      .selectFrom("unread")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", input.userId)
      .where("feed_id", "=", input.feedId)
      .executeTakeFirst();
    return { subscription, unread: Number(unread?.n ?? 0) };
  });
}

export async function updateSubscription(
  database: DatabaseHandle,
  userId: string,
  feedIds: readonly string[],
  changes: {
    view?: number;
    category?: string | null;
    title?: string | null;
    isPrivate?: boolean;
    notify?: boolean;
  },
): Promise<number> {
  if (feedIds.length === 0) return 0;
  const set: Partial<SubscriptionRow & { notify: number }> = {};
  if (changes.view !== undefined) set.view = changes.view;
  if (changes.category !== undefined) set.category = changes.category || null;
  if (changes.title !== undefined) set.title = changes.title || null;
  if (changes.isPrivate !== undefined) set.is_private = bool(changes.isPrivate);
  if (changes.notify !== undefined) set.notify = bool(changes.notify);
  if (Object.keys(set).length === 0) return 0;
  const result = await database.db
    .updateTable("subscription")
    .set(set)
    .where("user_id", "=", userId)
    .where("feed_id", "in", [...feedIds])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Unsubscribes; the user's unread marks for those feeds go too, their stars stay. */
export async function unsubscribe(
  database: DatabaseHandle,
  userId: string,
  feedIds: readonly string[],
) {
  if (feedIds.length === 0) return 0;
  return database.db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom("subscription")
      .where("user_id", "=", userId)
      .where("feed_id", "in", [...feedIds])
      .executeTakeFirst();
    // A feed still reached through a followed list keeps its unread marks.
    const still = new Set(await reachableFeedIds(trx, userId, feedIds));
    const gone = feedIds.filter((id) => !still.has(id));
    if (gone.length > 0) {
      await trx
        .deleteFrom("unread")
        .where("user_id", "=", userId)
        .where("feed_id", "in", gone)
        .execute();
    }
    return Number(result.numDeletedRows);
  });
}

export async function listCategories(database: DatabaseHandle, userId: string): Promise<string[]> {
  const rows = await database.db
    .selectFrom("subscription")
    .select("category")
    .distinct()
    .where("user_id", "=", userId)
    .where("category", "is not", null)
    .orderBy("category")
    .execute();
  return rows.map((r) => r.category!).filter(Boolean);
}

/** Feed subscriptions a person holds (for the operator's limit). */
export async function countSubscriptions(
  database: DatabaseHandle,
  userId: string,
): Promise<number> {
  const row = await database.db
    .selectFrom("subscription")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
