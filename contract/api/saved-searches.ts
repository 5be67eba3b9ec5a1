import { Schema } from "effect";
import { SavedSearch, SavedSearchFilters } from "../entities/saved-search.ts";
import { EntityId } from "../reading.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** At most this many saved searches per person. */
export const MAX_SAVED_SEARCHES = 100;

export { SavedSearch, SavedSearchFilters };

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
    name: SavedSearch.fields.name,
    keyword: SavedSearch.fields.keyword,
    filters: SavedSearchFilters,
  }),
  response: Envelope(SavedSearch),
});

export const rename = endpoint(routes.savedSearches.rename, {
  request: Schema.Struct({ id: EntityId, name: SavedSearch.fields.name }),
  response: Ok,
});

export const remove = endpoint(routes.savedSearches.remove, {
  request: Schema.Struct({ id: EntityId }),
  response: Ok,
});
