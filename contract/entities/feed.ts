import { Schema } from "effect";
import { json, text } from "./columns.ts";
import { localTable, type RowOf, type StoredRowOf } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

const NullableText = Schema.NullOr(Schema.String);

/** The fields of a feed the local store keeps (all but its type tag and language). */
export const StoredFeed = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  title: NullableText,
  description: NullableText,
  image: NullableText,
  siteUrl: NullableText,
  ownerUserId: NullableText,
  errorAt: NullableText,
  errorMessage: NullableText,
});
export type StoredFeed = typeof StoredFeed.Type;

/** A feed as the reading API sends it. */
export const FeedModel = Schema.Struct({
  type: Schema.Literal("feed"),
  ...StoredFeed.fields,
  language: Schema.optionalKey(NullableText),
});
export type FeedModel = typeof FeedModel.Type;

/** How active a feed is, as the feed page shows it. */
export const FeedAnalytics = Schema.Struct({
  updatesPerWeek: Schema.Number,
  subscriptionCount: Schema.Number,
  latestEntryPublishedAt: NullableText,
});
export type FeedAnalytics = typeof FeedAnalytics.Type;

const wire = modelColumns(FeedModel, [
  "id",
  "title",
  "url",
  "description",
  "image",
  "errorAt",
  "siteUrl",
  "ownerUserId",
  "errorMessage",
]);
const analytics = modelColumns(FeedAnalytics, [
  "subscriptionCount",
  "updatesPerWeek",
  "latestEntryPublishedAt",
]);

/**
 * The feeds the person's subscriptions and stored entries come from. Pulls write the feed's
 * own fields; its analytics may be missing until something fetched them.
 */
export const feedsTable = localTable({
  name: "feeds",
  columns: {
    id: wire.id,
    title: wire.title,
    url: wire.url,
    description: wire.description,
    image: wire.image,
    error_at: wire.error_at,
    site_url: wire.site_url,
    owner_user_id: wire.owner_user_id,
    error_message: wire.error_message,
    subscription_count: analytics.subscription_count.orNull(),
    updates_per_week: analytics.updates_per_week.orNull(),
    latest_entry_published_at: analytics.latest_entry_published_at,
    tip_user_ids: json<readonly string[]>().orNull(),
    updated_at: text().orNull(),
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

/** A feed from the API → the columns it fills (the others keep what they hold). */
export function feedRow(feed: StoredFeed): Pick<StoredRowOf<FeedColumns>, FeedFields> {
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
  return feedsTable.encode(row) as Pick<StoredRowOf<FeedColumns>, FeedFields>;
}
