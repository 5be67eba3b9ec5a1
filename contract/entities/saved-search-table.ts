import { json, text } from "./columns.ts";
import { localTable } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";
import type { SavedSearch, SavedSearchFilters } from "./saved-search.ts";

/** A saved search's fields as the local table keeps them, typed as the model declares them. */
export const savedSearchColumns = modelColumns<SavedSearch>()({
  id: text(),
  name: text(),
  keyword: text(),
  filters: json<SavedSearchFilters>(),
  createdAt: text(),
});

/** Saved searches as the sidebar lists them and their timelines read them. */
export const savedSearchesTable = localTable({
  name: "saved_searches",
  columns: { ...savedSearchColumns, filters: savedSearchColumns.filters.withDefault("'{}'") },
  key: ["id"],
});
