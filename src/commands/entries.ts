import { Schema } from "effect";
import { event } from "./events.ts";
import { defined, EntityId, IdList, TimeBound, toIso, View } from "./schemas.ts";
import { defineCommand } from "./types.ts";

export const markRead = defineCommand({
  name: "entries.markRead",
  label: "commands:entries.markRead",
  payload: Schema.Struct({ entryIds: IdList }),
  shortcut: { keys: "M", scope: "entry-render" },
  keywords: ["read", "seen"],
  when: (context) => context.entryId !== undefined && context.entryRead !== true,
  apply: (payload) => [event("EntriesMarkedRead", { entryIds: [...payload.entryIds] })],
  sync: (payload, api) => api.post("/reads", { entryIds: payload.entryIds }),
});

export const markUnread = defineCommand({
  name: "entries.markUnread",
  label: "commands:entries.markUnread",
  payload: Schema.Struct({ entryId: EntityId }),
  shortcut: { keys: "M", scope: "entry-render" },
  keywords: ["unread", "later"],
  when: (context) => context.entryId !== undefined && context.entryRead === true,
  apply: (payload) => [event("EntryMarkedUnread", { entryId: payload.entryId })],
  sync: (payload, api) => api.delete("/reads", { entryId: payload.entryId }),
});

/** Mark all read with the filters of reads/all; private subscriptions are left alone (SPEC §6). */
export const markAllRead = defineCommand({
  name: "entries.markAllRead",
  label: "commands:entries.markAllRead",
  payload: Schema.Struct({
    view: Schema.optional(View),
    feedId: Schema.optional(EntityId),
    feedIdList: Schema.optional(IdList),
    excludePrivate: Schema.optional(Schema.Boolean),
    startTime: Schema.optional(TimeBound),
    endTime: Schema.optional(TimeBound),
  }),
  shortcut: { keys: "Shift+$mod+A", scope: "subscription-list" },
  keywords: ["read", "all", "clear", "catch up"],
  apply: (payload) => [
    event(
      "AllEntriesMarkedRead",
      defined({
        view: payload.view,
        feedIds: payload.feedId ? [payload.feedId] : payload.feedIdList && [...payload.feedIdList],
        excludePrivate: payload.excludePrivate,
        startTime: toIso(payload.startTime),
        endTime: toIso(payload.endTime),
      }),
    ),
  ],
  sync: (payload, api) => api.post("/reads/all", defined(payload)),
});
