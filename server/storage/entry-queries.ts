import type { EntriesRequest } from "../../contract/reading.ts";
import type { EntryListItem } from "../../contract/reading-models.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { EntryRow, FeedRow } from "../db/schema.ts";
import { toEntryModel, toFeedModel } from "./mappers.ts";
import { toIso } from "./time.ts";

const DEFAULT_LIMIT = 20;

/**
 * The timeline query: entries of the user's subscriptions (or of their stars), newest first.
 * `publishedAfter` is the paging cursor the client passes: the last item's publishedAt, so a
 * page holds entries published strictly before it.
 */
export async function listEntries(
  database: DatabaseHandle,
  userId: string,
  filter: EntriesRequest,
): Promise<EntryListItem[]> {
  let query = database.db
    .selectFrom("entry")
    .innerJoin("feed", "feed.id", "entry.feed_id")
    .leftJoin("subscription", (join) =>
      join
        .onRef("subscription.feed_id", "=", "entry.feed_id")
        .on("subscription.user_id", "=", userId),
    )
    .leftJoin("unread", (join) =>
      join.onRef("unread.entry_id", "=", "entry.id").on("unread.user_id", "=", userId),
    )
    .leftJoin("collection", (join) =>
      join.onRef("collection.entry_id", "=", "entry.id").on("collection.user_id", "=", userId),
    )
    .selectAll("entry")
    .select([
      "feed.id as f_id",
      "feed.url as f_url",
      "feed.title as f_title",
      "feed.description as f_description",
      "feed.image as f_image",
      "feed.site_url as f_site_url",
      "feed.owner_user_id as f_owner_user_id",
      "feed.error_at as f_error_at",
      "feed.error_message as f_error_message",
      "feed.language as f_language",
      "subscription.view as s_view",
      "subscription.is_private as s_private",
      "unread.entry_id as unread_id",
      "collection.created_at as c_created_at",
      "collection.view as c_view",
    ]);

  if (filter.isCollection) query = query.where("collection.entry_id", "is not", null);
  else query = query.where("subscription.user_id", "is not", null);
  if (filter.view !== undefined) {
    const view = filter.view;
    query = filter.isCollection
      ? query.where("collection.view", "=", view)
      : query.where("subscription.view", "=", view);
  }
  const feedIds = filter.feedId ? [filter.feedId] : filter.feedIdList;
  if (feedIds) query = query.where("entry.feed_id", "in", feedIds.length ? [...feedIds] : ["-"]);
  if (filter.read === false) query = query.where("unread.entry_id", "is not", null);
  if (filter.read === true) query = query.where("unread.entry_id", "is", null);
  if (filter.excludePrivate)
    query = query.where((eb) =>
      eb.or([eb("subscription.is_private", "=", 0), eb("subscription.is_private", "is", null)]),
    );
  const cursor = toIso(filter.publishedAfter);
  if (cursor) query = query.where("entry.published_at", "<", cursor);

  const rows = await query
    .orderBy("entry.published_at", "desc")
    .orderBy("entry.id", "desc")
    .limit(filter.limit ?? DEFAULT_LIMIT)
    .execute();

  return rows.map((row) => {
    const item: EntryListItem = {
      entries: toEntryModel(row as EntryRow, Boolean(filter.withContent)),
      feeds: toFeedModel(feedOf(row)),
      read: row.unread_id === null,
      view: row.s_view ?? row.c_view ?? 0,
    };
    if (row.c_created_at) item.collections = { createdAt: row.c_created_at };
    return item;
  });
}

/** One entry the user may see (subscribed feed or starred), with its feed. */
export async function findVisibleEntry(database: DatabaseHandle, userId: string, entryId: string) {
  const row = await database.db
    .selectFrom("entry")
    .selectAll()
    .where("id", "=", entryId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("subscription")
            .select("subscription.feed_id")
            .whereRef("subscription.feed_id", "=", "entry.feed_id")
            .where("subscription.user_id", "=", userId),
        ),
        eb.exists(
          eb
            .selectFrom("collection")
            .select("collection.entry_id")
            .whereRef("collection.entry_id", "=", "entry.id")
            .where("collection.user_id", "=", userId),
        ),
      ]),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  const feed = await database.db
    .selectFrom("feed")
    .selectAll()
    .where("id", "=", row.feed_id)
    .executeTakeFirstOrThrow();
  return { entry: row, feed };
}

function feedOf(row: Record<string, unknown>): FeedRow {
  return {
    id: row.f_id as string,
    url: row.f_url as string,
    title: row.f_title as string | null,
    description: row.f_description as string | null,
    image: row.f_image as string | null,
    site_url: row.f_site_url as string | null,
    owner_user_id: row.f_owner_user_id as string | null,
    error_at: row.f_error_at as string | null,
    error_message: row.f_error_message as string | null,
    language: row.f_language as string | null,
  } as FeedRow;
}
