import { Schema } from "effect";
import { EntityId } from "../reading.ts";
import { Envelope, endpoint, NoRequest, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** At most this many published timelines per person. */
export const MAX_PUBLISHED_FEEDS = 50;

/** What a published feed shows: one category, one of the person's lists or saved searches, or their stars. */
export const PublishedFeedKind = Schema.Literals(["category", "list", "saved_search", "starred"]);
export type PublishedFeedKind = typeof PublishedFeedKind.Type;

export const PublishedFeed = Schema.Struct({
  id: EntityId,
  kind: PublishedFeedKind,
  /** The category's name, the list's or saved search's id; "" for starred. */
  target: Schema.String,
  includePrivate: Schema.Boolean,
  createdAt: Schema.String,
  rotatedAt: Schema.String,
});
export type PublishedFeed = typeof PublishedFeed.Type;

/** A feed with its secret addresses: shown once, when made or rotated (only a hash is kept). */
export const PublishedFeedWithSecret = Schema.Struct({
  ...PublishedFeed.fields,
  /** `/feeds/published/<secret>.xml` (RSS 2.0); `.atom` serves Atom. */
  rssPath: Schema.String,
  atomPath: Schema.String,
});

export const list = endpoint(routes.publishedFeeds.list, {
  request: NoRequest,
  response: Envelope(Schema.Array(PublishedFeed)),
});

/**
 * Publishes a timeline at a new secret URL (publishing the same one again gives it a new secret,
 * as rotate does). Private subscriptions' entries and inbox mail stay out unless `includePrivate`.
 */
export const create = endpoint(routes.publishedFeeds.create, {
  request: Schema.Struct({
    kind: PublishedFeedKind,
    target: Schema.optional(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200))),
    includePrivate: Schema.optional(Schema.Boolean),
  }),
  response: Envelope(PublishedFeedWithSecret),
});

/** A new secret: the old URL stops working at once. */
export const rotate = endpoint(routes.publishedFeeds.rotate, {
  request: Schema.Struct({ id: EntityId }),
  response: Envelope(PublishedFeedWithSecret),
});

/** Unpublishes: the URL stops working. */
export const revoke = endpoint(routes.publishedFeeds.revoke, {
  request: Schema.Struct({ id: EntityId }),
  response: Ok,
});
