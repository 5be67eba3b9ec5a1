import { Schema } from "effect";
import * as savedSearches from "../../contract/api/saved-searches.ts";
import { event } from "./events.ts";
import {
  deleteSavedSearchInfo,
  renameSavedSearchInfo,
  saveSearchInfo,
} from "./saved-searches.info.ts";
import { defined, EntityId } from "./schemas.ts";
import { defineCommand } from "./types.ts";

/** Saved searches: each change shows in the sidebar at once, syncs, and is undone if refused. */
const { id: _id, ...saveFields } = savedSearches.save.request.fields;

export const save = defineCommand(saveSearchInfo, {
  payload: Schema.Struct({ ...saveFields, searchId: EntityId }),
  apply: (payload, meta) => [
    event("SearchSaved", {
      searchId: payload.searchId,
      name: payload.name,
      keyword: payload.keyword,
      filters: defined({ ...payload.filters }),
      createdAt: meta.issuedAt,
    }),
  ],
  sync: (payload, api) =>
    api.call(savedSearches.save, {
      id: payload.searchId,
      name: payload.name,
      keyword: payload.keyword,
      filters: payload.filters,
    }),
});

export const rename = defineCommand(renameSavedSearchInfo, {
  payload: Schema.Struct({ searchId: EntityId, name: savedSearches.rename.request.fields.name }),
  apply: (payload) => [event("SavedSearchRenamed", payload)],
  sync: (payload, api) =>
    api.call(savedSearches.rename, { id: payload.searchId, name: payload.name }),
});

export const remove = defineCommand(deleteSavedSearchInfo, {
  payload: Schema.Struct({ searchId: EntityId }),
  apply: (payload) => [event("SavedSearchDeleted", payload)],
  sync: (payload, api) => api.call(savedSearches.remove, { id: payload.searchId }),
});
