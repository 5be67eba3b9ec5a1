import type { EntryListItem } from "../../contract/reading-models.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { feedUrlHasSecret } from "../feed-url-secrets.ts";
import { feedOfColumns } from "../storage/entry-queries.ts";
import { feedOpenTo } from "../storage/feed-access.ts";
import { toEntryModel, toFeedModel } from "../storage/mappers.ts";

/** The entry columns a list item carries (`content` only when asked). */
const ENTRY_COLUMNS = [
  "entry.id",
  "entry.feed_id",
  "entry.guid",
  "entry.title",
  "entry.url",
  "entry.description",
  "entry.author",
  "entry.author_url",
  "entry.author_avatar",
  "entry.language",
  "entry.categories",
  "entry.media",
  "entry.attachments",
  "entry.extra",
  "entry.published_at",
  "entry.inserted_at",
] as const;

/**
 * Entries the person may see with their feed and state, as one query: findVisibleEntry's rule
 * as SQL. Never someone else's inbox; then the person's own feed, a subscription, a star, or a
 * followed list holding the feed. A secret-URL feed reached through a list alone is the one
 * case SQL cannot tell: `isVisibleRow` drops it.
 */
export function visibleEntriesQuery(
  database: DatabaseHandle,
  userId: string,
  withContent: boolean,
) {
  return database.db
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
    .select(ENTRY_COLUMNS)
    .$if(withContent, (q) => q.select("entry.content"))
    .select([
      "feed.url as f_url",
      "feed.title as f_title",
      "feed.description as f_description",
      "feed.image as f_image",
      "feed.site_url as f_site_url",
      "feed.owner_user_id as f_owner_user_id",
      "feed.error_at as f_error_at",
      "feed.error_message as f_error_message",
      "feed.language as f_language",
      "subscription.feed_id as subscribed",
      "unread.entry_id as unread_id",
      "collection.created_at as starred_at",
    ])
    .where(feedOpenTo(userId))
    .where((eb) =>
      eb.or([
        eb("feed.owner_user_id", "=", userId),
        eb("subscription.feed_id", "is not", null),
        eb("collection.entry_id", "is not", null),
        eb.exists(
          eb
            .selectFrom("list_subscription")
            .innerJoin("list_feed", "list_feed.list_id", "list_subscription.list_id")
            .select("list_feed.feed_id")
            .where("list_subscription.user_id", "=", userId)
            .whereRef("list_feed.feed_id", "=", "entry.feed_id"),
        ),
      ]),
    );
}

export type VisibleRow = Awaited<
  ReturnType<ReturnType<typeof visibleEntriesQuery>["execute"]>
>[number];

/** Whether a row of the query may be shown (see visibleEntriesQuery). */
export const isVisibleRow = (row: VisibleRow, userId: string) =>
  row.f_owner_user_id === userId ||
  row.subscribed !== null ||
  row.starred_at !== null ||
  !feedUrlHasSecret(row.f_url);

/** A row of the query as a list item, with the person's read and starred state. */
export const toVisibleItem = (row: VisibleRow, withContent: boolean) =>
  ({
    entries: toEntryModel(row, withContent),
    feeds: toFeedModel(feedOfColumns(row, row.feed_id)),
    read: row.unread_id === null,
    view: 0,
    ...(row.starred_at ? { collections: { createdAt: row.starred_at } } : {}),
  }) as EntryListItem;
