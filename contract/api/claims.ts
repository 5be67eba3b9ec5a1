import { Schema } from "effect";
import { PublicProfile } from "../profiles.ts";
import { EntityId } from "../reading.ts";
import { Envelope, endpoint, NoRequest } from "./endpoint.ts";
import { routes } from "./info.ts";

/** How an owner may show the code: each is searched for when verifying. */
export const ClaimPlacements = Schema.Struct({
  /** A line for the feed's (or an item's) description. */
  description: Schema.String,
  /** An element for the RSS/Atom feed, naming the feed and the person. */
  element: Schema.String,
  /** A top-level field for a JSON Feed. */
  jsonFeedField: Schema.String,
  jsonFeedValue: Schema.Struct({
    feedId: Schema.String,
    userId: Schema.String,
    code: Schema.String,
  }),
  /** A tag for the `<head>` of the feed's site. */
  metaTag: Schema.String,
});

export const ClaimChallenge = Schema.Struct({
  feedId: EntityId,
  code: Schema.String,
  placements: ClaimPlacements,
});
export type ClaimChallenge = typeof ClaimChallenge.Type;

export const ClaimMethod = Schema.Literals(["description", "element", "json", "meta"]);
export type ClaimMethod = typeof ClaimMethod.Type;

export const FeedClaim = Schema.Struct({
  feedId: EntityId,
  ownerUserId: Schema.String,
  owner: Schema.NullOr(PublicProfile),
  method: ClaimMethod,
  claimedAt: Schema.String,
});
export type FeedClaim = typeof FeedClaim.Type;

const FeedIdBody = Schema.Struct({ feedId: EntityId });

/**
 * The code that proves a feed is yours, once placed in it (a description line, a
 * `<follow_challenge>` element, a JSON Feed field) or on its site (a meta tag). The same code
 * each time for the same person and feed. 4000 when the feed is claimed already.
 */
export const challenge = endpoint(routes.claims.challenge, {
  request: FeedIdBody,
  response: Envelope(ClaimChallenge),
});

/**
 * The server fetches the feed, and its site, and looks for the person's code: found, the feed
 * is theirs (and tips held for it are released to them); 2010 when it is not there, 4000 when
 * the feed is claimed already.
 */
export const verify = endpoint(routes.claims.verify, {
  request: FeedIdBody,
  response: Envelope(FeedClaim),
});

/**
 * Who claimed these feeds (public, like the badge it shows): `ids` is up to 200 feed ids joined
 * with commas; unclaimed feeds and feeds the person may not read are left out.
 */
export const owners = endpoint(routes.claims.owners, {
  request: Schema.Struct({ ids: Schema.String.check(Schema.isMaxLength(200 * 21)) }),
  response: Envelope(Schema.Array(FeedClaim)),
});

/** The feeds the signed-in person has claimed. */
export const mine = endpoint(routes.claims.mine, {
  request: NoRequest,
  response: Envelope(Schema.Array(FeedClaim)),
});

export const WeekCount = Schema.Struct({
  /** Monday of the week, YYYY-MM-DD (UTC). */
  week: Schema.String,
  entries: Schema.Number,
  reads: Schema.Number,
});

export const ClaimedFeedAnalytics = Schema.Struct({
  feedId: EntityId,
  subscribers: Schema.Number,
  /** Entries and reads per week, the last 12 weeks, oldest first. */
  weeks: Schema.Array(WeekCount),
  entriesPerWeek: Schema.Number,
  totalEntries: Schema.Number,
  totalReads: Schema.Number,
});
export type ClaimedFeedAnalytics = typeof ClaimedFeedAnalytics.Type;

/** A claimed feed's analytics, for its owner only (1004 for anyone else). */
export const analytics = endpoint(routes.claims.analytics, {
  request: Schema.Struct({ id: EntityId }),
  response: Envelope(ClaimedFeedAnalytics),
});
