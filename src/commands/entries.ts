import { Schema } from "effect";
import * as reads from "../../contract/api/reads.ts";
import { MarkAllReadRequest, MarkReadRequest, MarkUnreadRequest } from "../../contract/reading.ts";
import { markAllReadInfo, markReadInfo, markUnreadInfo, toggleReadInfo } from "./entries.info.ts";
import { event } from "./events.ts";
import { defined, EntityId, toIso } from "./schemas.ts";
import { defineCommand } from "./types.ts";

export const markRead = defineCommand(markReadInfo, {
  payload: MarkReadRequest,
  apply: (payload) => [event("EntriesMarkedRead", { entryIds: [...payload.entryIds] })],
  sync: (payload, api) => api.call(reads.markRead, payload),
});

export const markUnread = defineCommand(markUnreadInfo, {
  payload: MarkUnreadRequest,
  apply: (payload) => [event("EntryMarkedUnread", { entryId: payload.entryId })],
  sync: (payload, api) => api.call(reads.markUnread, payload),
});

export const toggleRead = defineCommand(toggleReadInfo, {
  payload: Schema.Struct({ entryId: EntityId, read: Schema.Boolean }),
  apply: ({ entryId, read }) => [
    read
      ? event("EntriesMarkedRead", { entryIds: [entryId] })
      : event("EntryMarkedUnread", { entryId }),
  ],
  sync: ({ entryId, read }, api) =>
    read
      ? api.call(reads.markRead, { entryIds: [entryId] })
      : api.call(reads.markUnread, { entryId }),
});

/** Mark all read with the filters of reads/all; private subscriptions are left alone. */
export const markAllRead = defineCommand(markAllReadInfo, {
  payload: MarkAllReadRequest,
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
  sync: (payload, api) => api.call(reads.markAllRead, defined(payload)),
});
