import { Schema } from "effect";
import { DISCOVER_LANGUAGES } from "../discover-language.ts";
import { EntryModel, FeedAnalytics, FeedModel } from "../reading-models.ts";
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

/**
 * Discover: a URL goes through feed discovery (the guarded fetcher, as quick add does); words
 * search the feeds this server knows (title, description, site), ranked by match, then
 * subscribers and activity. Lists do not exist on this server yet: `target: "lists"` finds none.
 */
export const search = endpoint(routes.discover.search, {
  request: DiscoverRequest,
  response: Envelope(Schema.Array(DiscoverItem)),
});
