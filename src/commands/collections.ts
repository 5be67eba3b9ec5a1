import { Schema } from "effect";
import { event } from "./events.ts";
import { defined, EntityId, View } from "./schemas.ts";
import { defineCommand } from "./types.ts";

/** Stars ("collections"). feedId, when known, lets the star show before the entry is local. */
export const star = defineCommand({
  name: "collections.star",
  label: "commands:collections.star",
  payload: Schema.Struct({
    entryId: EntityId,
    feedId: Schema.optional(EntityId),
    view: Schema.optional(View),
  }),
  shortcut: { keys: "S", scope: "entry-render" },
  keywords: ["star", "save", "favorite", "collect"],
  when: (context) => context.entryId !== undefined && context.entryStarred !== true,
  apply: (payload, meta) => [
    event("EntryStarred", { ...defined(payload), createdAt: meta.issuedAt }),
  ],
  sync: (payload, api) =>
    api.post("/collections", defined({ entryId: payload.entryId, view: payload.view })),
});

export const unstar = defineCommand({
  name: "collections.unstar",
  label: "commands:collections.unstar",
  payload: Schema.Struct({ entryId: EntityId }),
  shortcut: { keys: "S", scope: "entry-render" },
  keywords: ["unstar", "remove", "uncollect"],
  when: (context) => context.entryId !== undefined && context.entryStarred === true,
  apply: (payload) => [event("EntryUnstarred", { entryId: payload.entryId })],
  sync: (payload, api) => api.delete("/collections", { entryId: payload.entryId }),
});
