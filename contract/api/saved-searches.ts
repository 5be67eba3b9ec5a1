import { Schema } from "effect";
import { EntityId, View } from "../reading.ts";
import { MAX_QUERY_LENGTH } from "../search/query.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** At most this many saved searches per person. */
export const MAX_SAVED_SEARCHES = 100;

const Name = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200));

/** The search's filters, as the search request takes them (contract/api/search.ts). */
export const SavedSearchFilters = Schema.Struct({
  view: Schema.optional(View),
  feedIdList: Schema.optional(Schema.Array(EntityId).check(Schema.isMaxLength(1000))),
  category: Schema.optional(Schema.String.check(Schema.isMaxLength(200))),
  unread: Schema.optional(Schema.Boolean),
  starred: Schema.optional(Schema.Boolean),
});
export type SavedSearchFilters = typeof SavedSearchFilters.Type;

export const SavedSearch = Schema.Struct({
  id: EntityId,
  name: Name,
  keyword: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(MAX_QUERY_LENGTH)),
  filters: SavedSearchFilters,
  createdAt: Schema.String,
});
export type SavedSearch = typeof SavedSearch.Type;

/** The person's saved searches, oldest first. */
export const list = endpoint(routes.savedSearches.list, {
  request: Schema.Struct({}),
  response: Envelope(Schema.Array(SavedSearch)),
});

/**
 * Saves a search under an id the client made; saving the same id again replaces it (a retried
 * save is harmless). A query the syntax cannot read is a 1002 with the reason.
 */
export const save = endpoint(routes.savedSearches.save, {
  request: Schema.Struct({
    id: EntityId,
    name: Name,
    keyword: SavedSearch.fields.keyword,
    filters: SavedSearchFilters,
  }),
  response: Envelope(SavedSearch),
});

export const rename = endpoint(routes.savedSearches.rename, {
  request: Schema.Struct({ id: EntityId, name: Name }),
  response: Ok,
});

export const remove = endpoint(routes.savedSearches.remove, {
  request: Schema.Struct({ id: EntityId }),
  response: Ok,
});
