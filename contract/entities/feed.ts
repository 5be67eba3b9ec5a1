import { Schema } from "effect";

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
  /**
   * When a failing feed is tried next (its backoff or the site's Retry-After). Optional: only
   * the subscription list sends it, and event logs written before it existed still decode.
   */
  nextRetryAt: Schema.optionalKey(NullableText),
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
