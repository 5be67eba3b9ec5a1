import { Schema } from "effect";
import * as collections from "../../contract/api/collections.ts";
import { CollectionRequest, UncollectRequest } from "../../contract/reading.ts";
import { starInfo, unstarInfo } from "./collections.info.ts";
import { event } from "./events.ts";
import { defined, EntityId } from "./schemas.ts";
import { defineCommand } from "./types.ts";

/** Stars ("collections"). feedId, when known, lets the star show before the entry is local. */
export const star = defineCommand(starInfo, {
  payload: Schema.Struct({ ...CollectionRequest.fields, feedId: Schema.optional(EntityId) }),
  apply: (payload, meta) => [
    event("EntryStarred", { ...defined(payload), createdAt: meta.issuedAt }),
  ],
  sync: (payload, api) =>
    api.call(collections.add, defined({ entryId: payload.entryId, view: payload.view })),
});

export const unstar = defineCommand(unstarInfo, {
  payload: UncollectRequest,
  apply: (payload) => [event("EntryUnstarred", { entryId: payload.entryId })],
  sync: (payload, api) => api.call(collections.remove, payload),
});
