import { Schema } from "effect";
import { EntityId, TimeBound, View } from "../reading.ts";
import { EntryListItem, FeedModel } from "../reading-models.ts";
import { MAX_QUERY_LENGTH } from "../search/query.ts";
import { Envelope, endpoint } from "./endpoint.ts";
import { routes } from "./info.ts";

/** Text with the character ranges the query matched (drawn as marks, never parsed as HTML). */
export const Highlighted = Schema.Struct({
  text: Schema.String,
  ranges: Schema.Array(Schema.Tuple([Schema.Number, Schema.Number])),
});

const IdList = Schema.Array(EntityId).check(Schema.isMaxLength(1000));

export const SearchRequest = Schema.Struct({
  /** Words, "phrases", -exclusions, title:/author: prefixes (contract/search/query.ts). */
  keyword: Schema.String.check(Schema.isMaxLength(MAX_QUERY_LENGTH)),
  /** What to look through; both by default. */
  type: Schema.optional(Schema.Literals(["entries", "feeds", "all"])),
  view: Schema.optional(View),
  feedId: Schema.optional(EntityId),
  feedIdList: Schema.optional(IdList),
  /** A folder: the subscriptions of this category. */
  category: Schema.optional(Schema.String.check(Schema.isMaxLength(200))),
  unread: Schema.optional(Schema.Boolean),
  starred: Schema.optional(Schema.Boolean),
  /** Published at or after this time. */
  publishedSince: Schema.optional(TimeBound),
  /** Published before this time. */
  publishedBefore: Schema.optional(TimeBound),
  /**
   * With publishedBefore, a keyset cursor (the last entry of the previous newest-first page):
   * entries published at publishedBefore whose id sorts below this one are included too, so
   * entries sharing a publish time are never skipped or repeated across pages.
   */
  beforeId: Schema.optional(EntityId),
  /**
   * Best first (the default), or newest first (ties by id, descending): a saved search's
   * timeline pages down by `publishedBefore` + `beforeId` to the last match.
   */
  order: Schema.optional(Schema.Literals(["relevance", "newest"])),
  limit: Schema.optional(
    Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100 })),
  ),
  offset: Schema.optional(
    Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 1000 })),
  ),
});
export type SearchRequest = typeof SearchRequest.Type;

export const EntryHit = Schema.Struct({
  ...EntryListItem.fields,
  score: Schema.Number,
  title: Highlighted,
  snippet: Highlighted,
});
export type EntryHit = typeof EntryHit.Type;

export const FeedHit = Schema.Struct({
  feed: FeedModel,
  /** The user's own title for it, if any. */
  subscriptionTitle: Schema.NullOr(Schema.String),
  view: Schema.Number,
  category: Schema.NullOr(Schema.String),
  score: Schema.Number,
  title: Highlighted,
  snippet: Highlighted,
});
export type FeedHit = typeof FeedHit.Type;

export const SearchResults = Schema.Struct({
  /** Which index answered: the server's, or follow.db's in the browser. */
  mode: Schema.Literals(["server", "local"]),
  entries: Schema.Array(EntryHit),
  feeds: Schema.Array(FeedHit),
  /** Whether more entries match past this page. */
  hasMore: Schema.Boolean,
  /**
   * Set when the ranking stopped at a cap, so more entries may match: the results are the best
   * of the newest this many matches (a saved search's timeline, newest first, reaches all).
   */
  rankedAmong: Schema.optional(Schema.Number),
});
export type SearchResults = typeof SearchResults.Type;

/**
 * Full-text search over the entries of the user's subscriptions and over their feeds, ranked,
 * with highlighted snippets; a query the syntax cannot read is a 1002 with the reason.
 */
export const query = endpoint(routes.search.query, {
  request: SearchRequest,
  response: Envelope(SearchResults),
});
