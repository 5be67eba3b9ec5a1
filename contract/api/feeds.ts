import { Schema } from "effect";
import { EntityIdQuery, FeedQuery } from "../reading.ts";
import { EntryModel, FeedAnalytics, FeedModel, SubscriptionModel } from "../reading-models.ts";
import { Envelope, endpoint } from "./endpoint.ts";
import { routes } from "./info.ts";

/** A feed by id, or by URL (discovered and stored when new: quick add previews it). */
export const get = endpoint(routes.feeds.get, {
  request: FeedQuery,
  response: Envelope(
    Schema.Struct({
      feed: FeedModel,
      entries: Schema.Array(EntryModel),
      subscriptionCount: Schema.Number,
      analytics: FeedAnalytics,
      /** Present when the user subscribes to it. */
      subscription: Schema.optionalKey(SubscriptionModel),
    }),
  ),
});

/** What one forced fetch did. */
export const RefreshOutcome = Schema.Union([
  Schema.Struct({
    ok: Schema.Literal(true),
    notModified: Schema.Boolean,
    unchanged: Schema.Boolean,
    inserted: Schema.Number,
    updated: Schema.Number,
    nextCheckAt: Schema.String,
  }),
  Schema.Struct({
    ok: Schema.Literal(false),
    code: Schema.Number,
    message: Schema.String,
    nextCheckAt: Schema.String,
  }),
]);

/**
 * Fetch the feed now, outside its schedule: admins any feed; anyone else a feed they follow
 * (directly or through a list), answered with the last check's result when that was under a
 * minute ago, at most 20 at once and one every 6 s per person (12000 past that).
 */
export const refresh = endpoint(routes.feeds.refresh, {
  request: EntityIdQuery,
  response: Envelope(RefreshOutcome),
});

/**
 * The feed's site icon, fetched and kept by the server (PNG, JPEG, GIF, WebP or ICO, told by its
 * bytes): answered as the image itself to whoever may read the feed; 2001 for a feed they may
 * not (as for one that does not exist), 204 with no body while none is kept.
 */
export const icon = endpoint(routes.feeds.icon, {
  request: EntityIdQuery,
  response: Schema.Unknown,
});
