import type { MarkAllReadRequest } from "../../contract/reading.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { openFeedIds } from "./feed-access.ts";
import { reachableFeedIds } from "./reached-feeds.ts";
import { nowIso, toIso } from "./time.ts";

/**
 * Unread count per feed the person reaches (followed, or in a followed list), per followed list
 * and per inbox; those with nothing unread are absent.
 */
export async function unreadCounts(database: DatabaseHandle, userId: string, view?: number) {
  let query = database.db
    .selectFrom("unread")
    .innerJoin("subscription", (join) =>
      join
        .onRef("subscription.feed_id", "=", "unread.feed_id")
        .onRef("subscription.user_id", "=", "unread.user_id"),
    )
    .select(["unread.feed_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("unread.user_id", "=", userId)
    .groupBy("unread.feed_id");
  if (view !== undefined) query = query.where("subscription.view", "=", view);
  const rows = await query.execute();
  // Someone else's inbox counts for nobody, whatever rows point at it (made before that held).
  const open = await openFeedIds(
    database.db,
    userId,
    rows.map((r) => r.feed_id),
  );
  const counts: Record<string, number> = Object.fromEntries(
    rows.filter((r) => open.has(r.feed_id)).map((r) => [r.feed_id, Number(r.n)]),
  );
  // A followed list counts the unread entries of all its feeds, under the list's id.
  let lists = database.db
    .selectFrom("list_subscription")
    .innerJoin("list_feed", "list_feed.list_id", "list_subscription.list_id")
    .innerJoin("unread", (join) =>
      join
        .onRef("unread.feed_id", "=", "list_feed.feed_id")
        .onRef("unread.user_id", "=", "list_subscription.user_id"),
    )
    .select([
      "list_subscription.list_id",
      "unread.feed_id",
      (eb) => eb.fn.countAll<number>().as("n"),
    ])
    .where("list_subscription.user_id", "=", userId)
    .groupBy(["list_subscription.list_id", "unread.feed_id"]);
  if (view !== undefined) lists = lists.where("list_subscription.view", "=", view);
  const perFeed = await lists.execute();
  const openInLists = await openFeedIds(
    database.db,
    userId,
    perFeed.map((r) => r.feed_id),
  );
  for (const r of perFeed) {
    if (!openInLists.has(r.feed_id)) continue;
    counts[r.list_id] = (counts[r.list_id] ?? 0) + Number(r.n);
    // The feed counts under its own id too (one entry, one count whichever way it comes), so a
    // client sums distinct feeds rather than a list on top of a feed it also follows.
    counts[r.feed_id] ??= Number(r.n);
  }
  // An inbox counts under its handle.
  if (view === undefined || view === 0) {
    const inboxes = await database.db
      .selectFrom("inbox")
      .innerJoin("unread", (join) =>
        join
          .onRef("unread.feed_id", "=", "inbox.feed_id")
          .onRef("unread.user_id", "=", "inbox.owner_user_id"),
      )
      .select(["inbox.id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("inbox.owner_user_id", "=", userId)
      .groupBy("inbox.id")
      .execute();
    for (const r of inboxes) counts[r.id] = Number(r.n);
  }
  return counts;
}

/** Marks entries read for one user and records who read what (read histories). */
export async function markRead(
  database: DatabaseHandle,
  userId: string,
  entryIds: readonly string[],
) {
  if (entryIds.length === 0) return;
  const now = nowIso();
  await database.db.transaction().execute(async (trx) => {
    // Read through a followed list counts as read too: it is what keeps a later follow from
    // marking the entry unread again.
    const candidates = await trx
      .selectFrom("entry")
      .select(["entry.id", "entry.feed_id"])
      .where("entry.id", "in", [...entryIds])
      .execute();
    const reached = new Set(
      await reachableFeedIds(trx, userId, [...new Set(candidates.map((e) => e.feed_id))]),
    );
    const visible = candidates.filter((e) => reached.has(e.feed_id));
    await trx
      .deleteFrom("unread")
      .where("user_id", "=", userId)
      .where("entry_id", "in", [...entryIds])
      .execute();
    if (visible.length > 0) {
      await trx
        .insertInto("read_history")
        .values(visible.map((e) => ({ entry_id: e.id, user_id: userId, read_at: now })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}

/** Marks one entry unread again; false when the user does not subscribe to its feed. */
export async function markUnread(
  database: DatabaseHandle,
  userId: string,
  entryId: string,
): Promise<boolean> {
  const entry = await database.db
    .selectFrom("entry")
    .select(["entry.id", "entry.feed_id", "entry.published_at"])
    .where("entry.id", "=", entryId)
    .executeTakeFirst();
  if (!entry) return false;
  // Only feeds the person reaches: subscribed, or in a list they follow.
  if ((await reachableFeedIds(database.db, userId, [entry.feed_id])).length === 0) return false;
  await database.db
    .insertInto("unread")
    .values({
      user_id: userId,
      entry_id: entry.id,
      feed_id: entry.feed_id,
      published_at: entry.published_at,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

/**
 * Marks everything matching the filter read. Private subscriptions are never mass-marked unless
 * the request names them explicitly by feed id. Returns the counts that were cleared per feed.
 */
export async function markAllRead(
  database: DatabaseHandle,
  userId: string,
  filter: MarkAllReadRequest,
) {
  return database.db.transaction().execute(async (trx) => {
    let feedIds: string[];
    if (filter.inboxId) {
      const rows = await trx
        .selectFrom("inbox")
        .select("feed_id")
        .where("id", "=", filter.inboxId)
        .where("owner_user_id", "=", userId)
        .execute();
      feedIds = rows.map((r) => r.feed_id);
    } else if (filter.listId) {
      // A followed list: every feed in it (the list's own subscription decides, not the feeds').
      const rows = await trx
        .selectFrom("list_subscription")
        .innerJoin("list_feed", "list_feed.list_id", "list_subscription.list_id")
        .select("list_feed.feed_id")
        .where("list_subscription.user_id", "=", userId)
        .where("list_subscription.list_id", "=", filter.listId)
        .execute();
      feedIds = rows.map((r) => r.feed_id);
    } else {
      let feeds = trx.selectFrom("subscription").select("feed_id").where("user_id", "=", userId);
      const named = filter.feedId ? [filter.feedId] : filter.feedIdList;
      if (named) feeds = feeds.where("feed_id", "in", named.length > 0 ? [...named] : ["-"]);
      else feeds = feeds.where("is_private", "=", 0);
      if (filter.view !== undefined) feeds = feeds.where("view", "=", filter.view);
      if (filter.excludePrivate) feeds = feeds.where("is_private", "=", 0);
      feedIds = (await feeds.execute()).map((r) => r.feed_id);
    }
    if (feedIds.length === 0) return {};

    let matching = trx
      .selectFrom("unread")
      .select(["entry_id", "feed_id"])
      .where("user_id", "=", userId)
      .where("feed_id", "in", feedIds);
    const start = toIso(filter.startTime);
    const end = toIso(filter.endTime);
    if (start) matching = matching.where("published_at", ">=", start);
    if (end) matching = matching.where("published_at", "<=", end);
    const rows = await matching.execute();
    if (rows.length === 0) return {};

    const counts: Record<string, number> = {};
    for (const row of rows) counts[row.feed_id] = (counts[row.feed_id] ?? 0) + 1;
    const ids = rows.map((r) => r.entry_id);
    const now = nowIso();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await trx
        .deleteFrom("unread")
        .where("user_id", "=", userId)
        .where("entry_id", "in", chunk)
        .execute();
      await trx
        .insertInto("read_history")
        .values(chunk.map((id) => ({ entry_id: id, user_id: userId, read_at: now })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return counts;
  });
}

/**
 * Who read an entry, newest first, and how many. Only readers who subscribe to its feed publicly
 * are listed or counted: a private subscription (or none any more) keeps a reader out of every
 * read history (issue 10, M1).
 */
export async function readHistory(database: DatabaseHandle, entryId: string, size: number) {
  const publicReaders = database.db
    .selectFrom("read_history")
    .innerJoin("entry", "entry.id", "read_history.entry_id")
    .innerJoin("subscription", (join) =>
      join
        .onRef("subscription.user_id", "=", "read_history.user_id")
        .onRef("subscription.feed_id", "=", "entry.feed_id"),
    )
    .where("read_history.entry_id", "=", entryId)
    .where("subscription.is_private", "=", 0);
  const rows = await publicReaders
    .innerJoin("user", "user.id", "read_history.user_id")
    .select(["user.id", "user.name", "user.handle", "user.image"])
    .orderBy("read_history.read_at", "desc")
    .limit(size)
    .execute();
  const total = await publicReaders
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return { users: rows, total: Number(total?.n ?? 0) };
}
