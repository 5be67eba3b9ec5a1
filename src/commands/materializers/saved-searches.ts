import { Schema } from "effect";
import { SavedSearch } from "../../../contract/entities/saved-search.ts";
import { savedSearchesTable } from "../../../contract/entities/saved-search-table.ts";
import { local, statement } from "../../db/local-sql.ts";
import { defineEvent } from "../event-definition.ts";

/** Saved searches in the local `saved_searches` table (filters as JSON). */
const search = SavedSearch.fields;

export const SearchSaved = defineEvent(
  "SearchSaved",
  1,
  Schema.Struct({
    searchId: search.id,
    name: Schema.String,
    keyword: Schema.String,
    filters: search.filters,
    createdAt: search.createdAt,
  }),
  (data) => {
    const row = savedSearchesTable.encode({
      id: data.searchId,
      name: data.name,
      keyword: data.keyword,
      filters: data.filters,
      created_at: data.createdAt,
    });
    return [
      statement(
        local
          .insertInto("saved_searches")
          .values(row)
          .onConflict((conflict) =>
            conflict.column("id").doUpdateSet((eb) => ({
              name: eb.ref("excluded.name"),
              keyword: eb.ref("excluded.keyword"),
              filters: eb.ref("excluded.filters"),
            })),
          ),
      ),
    ];
  },
);

export const SavedSearchRenamed = defineEvent(
  "SavedSearchRenamed",
  1,
  Schema.Struct({ searchId: search.id, name: Schema.String }),
  (data) => [
    statement(
      local.updateTable("saved_searches").set({ name: data.name }).where("id", "=", data.searchId),
    ),
  ],
);

export const SavedSearchDeleted = defineEvent(
  "SavedSearchDeleted",
  1,
  Schema.Struct({ searchId: search.id }),
  (data) => [statement(local.deleteFrom("saved_searches").where("id", "=", data.searchId))],
);

export const savedSearchEvents = [SearchSaved, SavedSearchRenamed, SavedSearchDeleted] as const;
