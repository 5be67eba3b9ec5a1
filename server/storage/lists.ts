import type { Kysely, Transaction } from "kysely";
import type { ListModel } from "../../contract/reading-models.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database, ListRow, ListSubscriptionRow } from "../db/schema.ts";
import { StorageRefusal } from "./errors.ts";
import { feedNotFound, readableFeedIds } from "./feed-access.ts";
import { lockFeeds } from "./feed-lock.ts";
import { nextEntityId } from "./ids.ts";
import { newFeedUnreadLimit } from "./new-feed-unread.ts";
import { backfillUnread, feedsNotYetReached, reachableFeedIds } from "./reached-feeds.ts";
import { bool, nowIso } from "./time.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface ListLimits {
  listsPerUser: number;
  feedsPerList: number;
}

export function toListModel(
  row: ListRow,
  feedIds: readonly string[],
  subscriptionCount?: number,
  /** What the list has earned from its fee, as text. */
  purchaseAmount = "0",
): ListModel {
  return {
    type: "list",
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    view: row.view,
    fee: row.fee,
    ownerUserId: row.owner_user_id,
    feedIds: [...feedIds],
    ...(subscriptionCount !== undefined ? { subscriptionCount } : {}),
    purchaseAmount,
  };
}

export function findList(db: Db, listId: string): Promise<ListRow | undefined> {
  return db.selectFrom("list").selectAll().where("id", "=", listId).executeTakeFirst();
}

/** The list, if `userId` owns it: 8000 when there is none, 8001 when it is someone else's. */
export async function ownedList(db: Db, userId: string, listId: string): Promise<ListRow> {
  const list = await findList(db, listId);
  if (!list) throw new StorageRefusal(8000);
  if (list.owner_user_id !== userId)
    throw new StorageRefusal(8001, "Only the list's owner may change it");
  return list;
}

export async function listFeedIds(db: Db, listId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("list_feed")
    .select("feed_id")
    .where("list_id", "=", listId)
    .orderBy("added_at")
    .orderBy("feed_id")
    .execute();
  return rows.map((r) => r.feed_id);
}

/**
 * A list's feeds as one person may see them, on its page and in its timeline: those they could
 * read by id (see readableFeedIds). Someone else's inbox, or a feed whose URL holds a secret they
 * do not subscribe to, is not shown: to them it does not exist.
 */
export async function listFeedIdsFor(db: Db, listId: string, viewerId: string): Promise<string[]> {
  const feedIds = await listFeedIds(db, listId);
  const readable = await readableFeedIds(db, viewerId, feedIds);
  return feedIds.filter((id) => readable.has(id));
}

export async function subscriberCount(db: Db, listId: string): Promise<number> {
  const row = await db
    .selectFrom("list_subscription")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("list_id", "=", listId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listsOwnedBy(
  database: DatabaseHandle,
  ownerId: string,
  viewerId: string,
): Promise<ListModel[]> {
  const rows = await database.db
    .selectFrom("list")
    .selectAll()
    .where("owner_user_id", "=", ownerId)
    .orderBy("created_at")
    .execute();
  const models: ListModel[] = [];
  for (const row of rows) {
    models.push(
      toListModel(
        row,
        await listFeedIdsFor(database.db, row.id, viewerId),
        await subscriberCount(database.db, row.id),
      ),
    );
  }
  return models;
}

export async function createList(
  database: DatabaseHandle,
  ownerId: string,
  input: {
    id?: string | undefined;
    title: string;
    description?: string | null | undefined;
    image?: string | null | undefined;
    view: number;
    fee?: number | undefined;
  },
  limits: ListLimits,
): Promise<ListModel> {
  return database.db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom("list")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("owner_user_id", "=", ownerId)
      .executeTakeFirst();
    if (Number(owned?.n ?? 0) >= limits.listsPerUser) {
      throw new StorageRefusal(8002, `At most ${limits.listsPerUser} lists per person`);
    }
    if (input.id && (await findList(trx, input.id))) {
      throw new StorageRefusal(1002, "A list with this id exists already");
    }
    const now = nowIso();
    const row: ListRow = {
      id: input.id ?? nextEntityId(),
      owner_user_id: ownerId,
      title: input.title.trim(),
      description: input.description?.trim() || null,
      image: input.image?.trim() || null,
      view: input.view,
      fee: input.fee ?? 0,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto("list").values(row).execute();
    return toListModel(row, [], 0);
  });
}

export async function updateList(
  database: DatabaseHandle,
  listId: string,
  changes: {
    title?: string | undefined;
    description?: string | null | undefined;
    image?: string | null | undefined;
    view?: number | undefined;
    fee?: number | undefined;
  },
) {
  const set: Partial<ListRow> = { updated_at: nowIso() };
  if (changes.title !== undefined) set.title = changes.title.trim();
  if (changes.description !== undefined) set.description = changes.description?.trim() || null;
  if (changes.image !== undefined) set.image = changes.image?.trim() || null;
  if (changes.view !== undefined) set.view = changes.view;
  if (changes.fee !== undefined) set.fee = changes.fee;
  await database.db.updateTable("list").set(set).where("id", "=", listId).execute();
}

/** Deletes a list nobody else follows (8004 otherwise); the owner's own subscription goes too. */
export async function deleteList(database: DatabaseHandle, list: ListRow) {
  await database.db.transaction().execute(async (trx) => {
    const others = await trx
      .selectFrom("list_subscription")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("list_id", "=", list.id)
      .where("user_id", "!=", list.owner_user_id)
      .executeTakeFirst();
    if (Number(others?.n ?? 0) > 0) {
      throw new StorageRefusal(8004, `${others?.n} people follow this list`);
    }
    const feedIds = await listFeedIds(trx, list.id);
    await trx.deleteFrom("list_subscription").where("list_id", "=", list.id).execute();
    await trx.deleteFrom("list_feed").where("list_id", "=", list.id).execute();
    await trx.deleteFrom("list").where("id", "=", list.id).execute();
    await pruneUnread(trx, [list.owner_user_id], feedIds);
  });
}

/**
 * Adds feeds (none may be in the list already: 8003). Each must be one the owner could subscribe
 * to without knowing more than its id: not someone else's inbox, and a feed whose URL holds a
 * secret only if they subscribe to it; any other is answered as a feed that does not exist (2001).
 */
export async function addFeedsToList(
  database: DatabaseHandle,
  ownerId: string,
  listId: string,
  feedIds: readonly string[],
  limits: ListLimits,
) {
  const unique = [...new Set(feedIds)];
  await database.db.transaction().execute(async (trx) => {
    const readable = await readableFeedIds(trx, ownerId, unique);
    if (readable.size !== unique.length) throw feedNotFound();
    const already = await trx
      .selectFrom("list_feed")
      .select("feed_id")
      .where("list_id", "=", listId)
      .where("feed_id", "in", unique)
      .execute();
    if (already.length > 0)
      throw new StorageRefusal(8003, `Already in the list: ${already[0]?.feed_id}`);
    const held = await trx
      .selectFrom("list_feed")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("list_id", "=", listId)
      .executeTakeFirst();
    if (Number(held?.n ?? 0) + unique.length > limits.feedsPerList) {
      throw new StorageRefusal(8002, `At most ${limits.feedsPerList} feeds per list`);
    }
    await lockFeeds(trx, database.dialect, unique);
    const now = nowIso();
    const subscribers = await trx
      .selectFrom("list_subscription")
      .select("user_id")
      .where("list_id", "=", listId)
      .execute();
    const fresh = new Map<string, string[]>();
    for (const { user_id } of subscribers) {
      // Only what each follower may read through the list becomes unread for them.
      const theirs = await readableFeedIds(trx, user_id, unique);
      const reachable = unique.filter((id) => theirs.has(id));
      fresh.set(user_id, await feedsNotYetReached(trx, user_id, reachable));
    }
    await trx
      .insertInto("list_feed")
      .values(unique.map((feed_id) => ({ list_id: listId, feed_id, added_at: now })))
      .execute();
    for (const [userId, feeds] of fresh) {
      await backfillUnread(trx, userId, feeds, await newFeedUnreadLimit(trx, userId));
    }
    await trx.updateTable("list").set({ updated_at: now }).where("id", "=", listId).execute();
  });
}

export async function removeFeedsFromList(
  database: DatabaseHandle,
  listId: string,
  feedIds: readonly string[],
) {
  await database.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("list_feed")
      .where("list_id", "=", listId)
      .where("feed_id", "in", [...feedIds])
      .execute();
    const subscribers = await trx
      .selectFrom("list_subscription")
      .select("user_id")
      .where("list_id", "=", listId)
      .execute();
    await pruneUnread(
      trx,
      subscribers.map((s) => s.user_id),
      feedIds,
    );
  });
}

/** Subscribes to a list (or updates the subscription) and backfills its unread entries. */
export async function subscribeToList(
  database: DatabaseHandle,
  input: {
    userId: string;
    list: ListRow;
    view?: number | undefined;
    category?: string | null | undefined;
    title?: string | null | undefined;
    isPrivate?: boolean | undefined;
  },
): Promise<{ unread: number; feedIds: string[] }> {
  return database.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("list_subscription")
      .selectAll()
      .where("user_id", "=", input.userId)
      .where("list_id", "=", input.list.id)
      .executeTakeFirst();
    const row: ListSubscriptionRow = {
      user_id: input.userId,
      list_id: input.list.id,
      view: input.view ?? existing?.view ?? input.list.view,
      is_private: bool(input.isPrivate ?? Boolean(existing?.is_private)),
      title: input.title !== undefined ? input.title : (existing?.title ?? null),
      category: input.category !== undefined ? input.category : (existing?.category ?? null),
      created_at: existing?.created_at ?? nowIso(),
    };
    const feedIds = await listFeedIdsFor(trx, input.list.id, input.userId);
    await lockFeeds(trx, database.dialect, feedIds);
    if (existing) {
      await trx
        .updateTable("list_subscription")
        .set(row)
        .where("user_id", "=", input.userId)
        .where("list_id", "=", input.list.id)
        .execute();
    } else {
      const fresh = await feedsNotYetReached(trx, input.userId, feedIds);
      await trx.insertInto("list_subscription").values(row).execute();
      await backfillUnread(trx, input.userId, fresh, await newFeedUnreadLimit(trx, input.userId));
    }
    return { unread: await unreadOfFeeds(trx, input.userId, feedIds), feedIds };
  });
}

export async function unsubscribeFromList(
  database: DatabaseHandle,
  userId: string,
  listId: string,
) {
  await database.db.transaction().execute(async (trx) => {
    const feedIds = await listFeedIds(trx, listId);
    await trx
      .deleteFrom("list_subscription")
      .where("user_id", "=", userId)
      .where("list_id", "=", listId)
      .execute();
    await pruneUnread(trx, [userId], feedIds);
  });
}

export async function findListSubscription(db: Db, userId: string, listId: string) {
  return db
    .selectFrom("list_subscription")
    .selectAll()
    .where("user_id", "=", userId)
    .where("list_id", "=", listId)
    .executeTakeFirst();
}

/** A person's list subscriptions, each with its list. */
export async function listSubscriptionsOf(database: DatabaseHandle, userId: string, view?: number) {
  let query = database.db
    .selectFrom("list_subscription")
    .innerJoin("list", "list.id", "list_subscription.list_id")
    .selectAll("list")
    .select([
      "list_subscription.view as s_view",
      "list_subscription.is_private as s_private",
      "list_subscription.title as s_title",
      "list_subscription.category as s_category",
      "list_subscription.created_at as s_created_at",
    ])
    .where("list_subscription.user_id", "=", userId);
  if (view !== undefined) query = query.where("list_subscription.view", "=", view);
  const rows = await query.orderBy("list_subscription.created_at").execute();
  const out = [];
  for (const r of rows) {
    const list: ListRow = {
      id: r.id,
      owner_user_id: r.owner_user_id,
      title: r.title,
      description: r.description,
      image: r.image,
      view: r.view,
      fee: r.fee,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
    out.push({
      userId,
      listId: r.id,
      view: r.s_view,
      isPrivate: Boolean(r.s_private),
      title: r.s_title,
      category: r.s_category,
      createdAt: r.s_created_at,
      lists: toListModel(list, await listFeedIdsFor(database.db, r.id, userId)),
    });
  }
  return out;
}

/** Unread entries of these feeds for one person. */
export async function unreadOfFeeds(db: Db, userId: string, feedIds: readonly string[]) {
  if (feedIds.length === 0) return 0;
  const row = await db
    .selectFrom("unread")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("feed_id", "in", [...feedIds])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Unread marks of feeds a person no longer reaches (neither subscribed to nor in a list they
 * follow) are dropped, as unsubscribing from a feed drops them.
 */
async function pruneUnread(trx: Db, userIds: readonly string[], feedIds: readonly string[]) {
  if (feedIds.length === 0) return;
  for (const userId of new Set(userIds)) {
    const still = new Set(await reachableFeedIds(trx, userId, feedIds));
    const gone = feedIds.filter((id) => !still.has(id));
    if (gone.length === 0) continue;
    await trx
      .deleteFrom("unread")
      .where("user_id", "=", userId)
      .where("feed_id", "in", gone)
      .execute();
  }
}
