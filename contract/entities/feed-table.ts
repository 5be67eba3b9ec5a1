import { integer, json, text } from "./columns.ts";
import type { FeedAnalytics, FeedModel, StoredFeed } from "./feed.ts";
import { localTable, type RowOf, type StoredRowOf } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

/** The feed fields the local table keeps, typed as the model declares them. */
export const feedColumns = modelColumns<FeedModel>()({
  id: text(),
  title: text().orNull(),
  url: text(),
  description: text().orNull(),
  image: text().orNull(),
  errorAt: text().orNull(),
  siteUrl: text().orNull(),
  ownerUserId: text().orNull(),
  errorMessage: text().orNull(),
  nextRetryAt: text().orNull(),
});

/** The analytics fields the local table keeps. */
export const feedAnalyticsColumns = modelColumns<FeedAnalytics>()({
  subscriptionCount: integer(),
  updatesPerWeek: integer(),
  latestEntryPublishedAt: text().orNull(),
});

/**
 * The feeds the person's subscriptions and stored entries come from. Pulls write the feed's
 * own fields; its analytics may be missing until something fetched them.
 */
export const feedsTable = localTable({
  name: "feeds",
  columns: {
    id: feedColumns.id,
    title: feedColumns.title,
    url: feedColumns.url,
    description: feedColumns.description,
    image: feedColumns.image,
    error_at: feedColumns.error_at,
    site_url: feedColumns.site_url,
    owner_user_id: feedColumns.owner_user_id,
    error_message: feedColumns.error_message,
    subscription_count: feedAnalyticsColumns.subscription_count.orNull(),
    updates_per_week: feedAnalyticsColumns.updates_per_week.orNull(),
    latest_entry_published_at: feedAnalyticsColumns.latest_entry_published_at,
    tip_user_ids: json<readonly string[]>().orNull(),
    updated_at: text().orNull(),
    next_retry_at: feedColumns.next_retry_at,
  },
  key: ["id"],
});

type FeedColumns = typeof feedsTable.columns;
type FeedFields =
  | "id"
  | "url"
  | "title"
  | "description"
  | "image"
  | "site_url"
  | "owner_user_id"
  | "error_at"
  | "error_message";

/**
 * A feed from the API → the columns it fills (the others keep what they hold). The retry time
 * is filled only by the responses that carry it, so a timeline page does not blank it.
 */
export function feedRow(
  feed: StoredFeed,
): Pick<StoredRowOf<FeedColumns>, FeedFields> &
  Partial<Pick<StoredRowOf<FeedColumns>, "next_retry_at">> {
  const row: Pick<RowOf<FeedColumns>, FeedFields> = {
    id: feed.id,
    url: feed.url,
    title: feed.title,
    description: feed.description,
    image: feed.image,
    site_url: feed.siteUrl,
    owner_user_id: feed.ownerUserId,
    error_at: feed.errorAt,
    error_message: feed.errorMessage,
  };
  const encoded = feedsTable.encode(row) as Pick<StoredRowOf<FeedColumns>, FeedFields>;
  return feed.nextRetryAt === undefined ? encoded : { ...encoded, next_retry_at: feed.nextRetryAt };
}
