import { ENTRIES_MAX_TIED_ROWS } from "../../contract/constants.ts";
import type { EntryListItem } from "../../contract/reading-models.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ownedInbox } from "../storage/inboxes.ts";
import { toEntryModel, toFeedModel } from "../storage/mappers.ts";

/**
 * A page of one of the person's own inboxes (someone else's is refused by `ownedInbox`, as in
 * the web app), in the timeline's order and keyset paging, with each entry's read and starred
 * state: the web app's timeline query covers subscriptions and lists, not inboxes.
 */
export async function listInboxEntries(
  database: DatabaseHandle,
  userId: string,
  handle: string,
  filter: {
    limit: number;
    read?: boolean | undefined;
    order?: "newest" | "oldest" | undefined;
    publishedAfter?: string | number | undefined;
    publishedAfterId?: string | undefined;
    withContent?: boolean | undefined;
  },
): Promise<EntryListItem[]> {
  const inbox = await ownedInbox(database, userId, handle);
  const feed = await database.db
    .selectFrom("feed")
    .selectAll()
    .where("id", "=", inbox.feed_id)
    .executeTakeFirst();
  if (!feed) return [];
  const oldestFirst = filter.order === "oldest";
  const beyond = oldestFirst ? ">" : "<";
  const within = oldestFirst ? ">=" : "<=";
  const direction = oldestFirst ? "asc" : "desc";
  let query = database.db
    .selectFrom("entry")
    .leftJoin("unread", (join) =>
      join.onRef("unread.entry_id", "=", "entry.id").on("unread.user_id", "=", userId),
    )
    .leftJoin("collection", (join) =>
      join.onRef("collection.entry_id", "=", "entry.id").on("collection.user_id", "=", userId),
    )
    .selectAll("entry")
    .select(["unread.entry_id as unread_id", "collection.created_at as starred_at"])
    .where("entry.feed_id", "=", inbox.feed_id);
  if (filter.read === false) query = query.where("unread.entry_id", "is not", null);
  if (filter.read === true) query = query.where("unread.entry_id", "is", null);
  const cursor =
    filter.publishedAfter === undefined ? undefined : new Date(filter.publishedAfter).toISOString();
  const afterId = filter.publishedAfterId;
  if (cursor && afterId) {
    query = query
      .where("entry.published_at", within, cursor)
      .where((eb) =>
        eb.or([eb("entry.published_at", beyond, cursor), eb("entry.id", beyond, afterId)]),
      );
  } else if (cursor) query = query.where("entry.published_at", beyond, cursor);
  const ordered = (q: typeof query) =>
    q.orderBy("entry.published_at", direction).orderBy("entry.id", direction);
  const rows = await ordered(query)
    .limit(filter.limit + 1)
    .execute();
  const next = rows.length > filter.limit ? rows.pop() : undefined;
  const last = rows.at(-1);
  // A page never ends inside a run of equal publish times (see listEntries).
  if (next && last && next.published_at === last.published_at) {
    rows.push(
      ...(await ordered(
        query
          .where("entry.published_at", "=", last.published_at)
          .where("entry.id", beyond, last.id),
      )
        .limit(ENTRIES_MAX_TIED_ROWS)
        .execute()),
    );
  }
  const feeds = toFeedModel(feed);
  return rows.map((row) => ({
    entries: toEntryModel(row, Boolean(filter.withContent)),
    feeds,
    read: row.unread_id === null,
    view: 0,
    ...(row.starred_at ? { collections: { createdAt: row.starred_at } } : {}),
  })) as EntryListItem[];
}
