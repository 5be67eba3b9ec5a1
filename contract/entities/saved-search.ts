import { Schema } from "effect";
import { EntityId, View } from "../reading.ts";
import { MAX_QUERY_LENGTH } from "../search/query.ts";

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

/** A query and its filters saved under a name. */
export const SavedSearch = Schema.Struct({
  id: EntityId,
  name: Name,
  keyword: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(MAX_QUERY_LENGTH)),
  filters: SavedSearchFilters,
  createdAt: Schema.String,
});
export type SavedSearch = typeof SavedSearch.Type;
