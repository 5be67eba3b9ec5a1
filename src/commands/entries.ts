import { Schema } from "effect";
import { markAllReadInfo, markReadInfo, markUnreadInfo } from "./catalog.ts";
import { event } from "./events.ts";
import { defined, EntityId, IdList, TimeBound, toIso, View } from "./schemas.ts";
import { defineCommand } from "./types.ts";

export const markRead = defineCommand({
  ...markReadInfo,
  payload: Schema.Struct({ entryIds: IdList }),
  apply: (payload) => [event("EntriesMarkedRead", { entryIds: [...payload.entryIds] })],
  sync: (payload, api) => api.post("/reads", { entryIds: payload.entryIds }),
});

export const markUnread = defineCommand({
  ...markUnreadInfo,
  payload: Schema.Struct({ entryId: EntityId }),
  apply: (payload) => [event("EntryMarkedUnread", { entryId: payload.entryId })],
  sync: (payload, api) => api.delete("/reads", { entryId: payload.entryId }),
});

/** Mark all read with the filters of reads/all; private subscriptions are left alone (SPEC §6). */
export const markAllRead = defineCommand({
  ...markAllReadInfo,
  payload: Schema.Struct({
    view: Schema.optional(View),
    feedId: Schema.optional(EntityId),
    feedIdList: Schema.optional(IdList),
    excludePrivate: Schema.optional(Schema.Boolean),
    startTime: Schema.optional(TimeBound),
    endTime: Schema.optional(TimeBound),
  }),
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
