import { Schema } from "effect";
import { DISCOVER_LANGUAGES } from "../discover-language.ts";
import { PublicProfile } from "../profiles.ts";
import { EntryModel, FeedAnalytics, FeedModel, ListModel } from "../reading-models.ts";
import { Envelope, endpoint } from "./endpoint.ts";
import { routes } from "./info.ts";

export const DiscoverRequest = Schema.Struct({
  /** A feed or site URL (or `rsshub://` route), or words to look for. */
  keyword: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(500)),
  target: Schema.optional(Schema.Literals(["feeds", "lists"])),
  /** Found by words: only feeds in this language (or of unknown language, ranked after). */
  language: Schema.optional(Schema.Literals(DISCOVER_LANGUAGES)),
});
export type DiscoverRequest = typeof DiscoverRequest.Type;

/** One result: a feed with how lively it is and a few recent entries to preview. */
export const DiscoverItem = Schema.Struct({
  feed: FeedModel,
  entries: Schema.Array(EntryModel),
  subscriptionCount: Schema.Number,
  updatesPerWeek: Schema.Number,
  analytics: FeedAnalytics,
  /** Whether the asking user follows it already. */
  subscribed: Schema.Boolean,
});
export type DiscoverItem = typeof DiscoverItem.Type;

const Score = Schema.Number;
const Limit = Schema.optional(
  Schema.NumberFromString.pipe(
    Schema.decodeTo(
      Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 50 })),
    ),
  ),
);

/** A feed trending here: a discover item with its score (decayed subscriptions, reads, stars). */
export const TrendingFeed = Schema.Struct({ ...DiscoverItem.fields, score: Score });
export type TrendingFeed = typeof TrendingFeed.Type;

/** A list with who made it and how many follow it. */
export const DiscoverList = Schema.Struct({
  list: ListModel,
  owner: Schema.NullOr(PublicProfile),
  subscriptionCount: Schema.Number,
  subscribed: Schema.Boolean,
  score: Score,
});
export type DiscoverList = typeof DiscoverList.Type;

/** A person whose lists and feeds are gaining readers here. */
export const TrendingUser = Schema.Struct({
  user: PublicProfile,
  listCount: Schema.Number,
  score: Score,
});
export type TrendingUser = typeof TrendingUser.Type;

/** An entry read and starred a lot lately, with its feed. */
export const TrendingEntry = Schema.Struct({
  entry: EntryModel,
  feed: FeedModel,
  reads: Schema.Number,
  stars: Schema.Number,
  score: Score,
});
export type TrendingEntry = typeof TrendingEntry.Type;

export const Trending = Schema.Struct({
  feeds: Schema.Array(TrendingFeed),
  lists: Schema.Array(DiscoverList),
  users: Schema.Array(TrendingUser),
  entries: Schema.Array(TrendingEntry),
  /** When the ranking was computed: it is refreshed on a schedule, not per request. */
  computedAt: Schema.String,
});
export type Trending = typeof Trending.Type;

/**
 * What is trending on this server: feeds (new subscribers, reads and stars), lists (new
 * followers), people (their lists and feeds) and entries (reads and stars), over the last days
 * with older activity counting less. Only what someone follows publicly is shown.
 */
export const trending = endpoint(routes.discover.trending, {
  request: Schema.Struct({ limit: Limit }),
  response: Envelope(Trending),
});

const RouteParameter = Schema.Struct({
  description: Schema.String,
  default: Schema.optionalKey(Schema.String),
  options: Schema.optionalKey(
    Schema.Array(Schema.Struct({ value: Schema.String, label: Schema.String })),
  ),
});
export type RouteParameter = typeof RouteParameter.Type;

/** One route of a feed-route (RSSHub) instance, as its route listing describes it. */
export const FeedRoute = Schema.Struct({
  path: Schema.String,
  name: Schema.String,
  example: Schema.String,
  description: Schema.String,
  categories: Schema.Array(Schema.String),
  parameters: Schema.Record(Schema.String, RouteParameter),
  maintainers: Schema.Array(Schema.String),
  location: Schema.String,
  view: Schema.optionalKey(Schema.Number),
});
export type FeedRoute = typeof FeedRoute.Type;

export const FeedRouteNamespace = Schema.Struct({
  name: Schema.String,
  url: Schema.String,
  lang: Schema.String,
  description: Schema.String,
  routes: Schema.Record(Schema.String, FeedRoute),
});
export type FeedRouteNamespace = typeof FeedRouteNamespace.Type;

const Filter = (max: number) => Schema.optional(Schema.String.check(Schema.isMaxLength(max)));

/** A discover category's page: its feeds and lists on this server, and the routes tagged with it. */
export const category = endpoint(routes.discover.category, {
  request: Schema.Struct({
    category: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(40)),
    limit: Limit,
  }),
  response: Envelope(
    Schema.Struct({
      feeds: Schema.Array(DiscoverItem),
      lists: Schema.Array(DiscoverList),
      /** The feed-route catalogue's namespaces with only this category's routes (empty without an instance). */
      namespaces: Schema.Record(Schema.String, FeedRouteNamespace),
    }),
  ),
});

/**
 * The feed-route catalogue of the server's instance (`FEED_ROUTE_BASE_URL`): namespaces with
 * their routes, filtered by category, categories (comma-separated), namespace or language.
 * Read from the instance's route listing and kept 1 hour. `instance` is null when
 * none is configured; an instance that cannot be read is a 13007.
 */
export const rsshub = endpoint(routes.discover.rsshub, {
  request: Schema.Struct({
    category: Filter(40),
    categories: Filter(400),
    namespace: Filter(100),
    lang: Filter(20),
  }),
  response: Schema.Struct({
    code: Schema.Literal(0),
    instance: Schema.NullOr(Schema.String),
    /** The instance's last listing read: when, how long it took, and its error if it failed. */
    status: Schema.NullOr(
      Schema.Struct({
        checkedAt: Schema.String,
        latencyMs: Schema.Number,
        error: Schema.NullOr(Schema.String),
      }),
    ),
    data: Schema.Record(Schema.String, FeedRouteNamespace),
  }),
});

/** A list found by words: who made it, how many follow it, how lively its feeds are. */
export const DiscoverListItem = Schema.Struct({
  ...DiscoverList.fields,
  /** A few of the newest entries of its feeds, to preview. */
  entries: Schema.Array(EntryModel),
  updatesPerWeek: Schema.Number,
  analytics: FeedAnalytics,
});
export type DiscoverListItem = typeof DiscoverListItem.Type;

/** A route of the feed-route catalogue the words name: it opens the route builder. */
export const DiscoverRouteItem = Schema.Struct({
  route: FeedRoute,
  namespace: Schema.String,
  namespaceName: Schema.String,
  /** The route's example as an `rsshub://` address (empty when the route gives none). */
  exampleUrl: Schema.String,
});
export type DiscoverRouteItem = typeof DiscoverRouteItem.Type;

export const DiscoverResult = Schema.Union([DiscoverItem, DiscoverListItem, DiscoverRouteItem]);
export type DiscoverResult = typeof DiscoverResult.Type;

/**
 * Discover: a URL goes through feed discovery (the guarded fetcher, as quick add does); words
 * search the feeds (`target: "feeds"`: title, description, site) or the lists (`"lists"`: title,
 * description) this server knows, ranked by match, then subscribers and activity. Words or an
 * `rsshub://` address that name a route of the user's feed-route catalogue also answer that
 * route (after the feeds or lists), to open in the route builder.
 */
export const search = endpoint(routes.discover.search, {
  request: DiscoverRequest,
  response: Envelope(Schema.Array(DiscoverResult)),
});
