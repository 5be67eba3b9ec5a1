import { Schema } from "effect";
import { starInfo, unstarInfo } from "./catalog.ts";
import { event } from "./events.ts";
import { defined, EntityId, View } from "./schemas.ts";
import { defineCommand } from "./types.ts";

/** Stars ("collections"). feedId, when known, lets the star show before the entry is local. */
export const star = defineCommand({
  ...starInfo,
  payload: Schema.Struct({
    entryId: EntityId,
    feedId: Schema.optional(EntityId),
    view: Schema.optional(View),
  }),
  apply: (payload, meta) => [
    event("EntryStarred", { ...defined(payload), createdAt: meta.issuedAt }),
  ],
  sync: (payload, api) =>
    api.post("/collections", defined({ entryId: payload.entryId, view: payload.view })),
});

export const unstar = defineCommand({
  ...unstarInfo,
  payload: Schema.Struct({ entryId: EntityId }),
  apply: (payload) => [event("EntryUnstarred", { entryId: payload.entryId })],
  sync: (payload, api) => api.delete("/collections", { entryId: payload.entryId }),
});
