import { Schema } from "effect";
import * as lists from "../../contract/api/lists.ts";
import * as subscriptions from "../../contract/api/subscriptions.ts";
import { event } from "./events.ts";
import {
  addListFeedsInfo,
  createListInfo,
  deleteListInfo,
  editListInfo,
  followListInfo,
  removeListFeedsInfo,
  unfollowListInfo,
} from "./lists.info.ts";
import { defined, EntityId, IdList, View } from "./schemas.ts";
import { defineCommand } from "./types.ts";

/** Lists the person owns: each change shows at once, syncs, and is undone if refused. */
const { id: _id, ...fields } = lists.CreateListRequest.fields;

export const createList = defineCommand(createListInfo, {
  payload: Schema.Struct({ ...fields, listId: EntityId, ownerUserId: Schema.String }),
  apply: (payload) => [event("ListCreated", defined(payload))],
  sync: (payload, api) => {
    const { listId, ownerUserId: _owner, ...rest } = payload;
    return api.call(lists.create, defined({ ...rest, id: listId }));
  },
});

export const editList = defineCommand(editListInfo, {
  payload: lists.UpdateListRequest,
  apply: (payload) => [event("ListEdited", defined(payload))],
  sync: (payload, api) => api.call(lists.update, defined(payload)),
});

export const deleteList = defineCommand(deleteListInfo, {
  payload: Schema.Struct({ listId: EntityId }),
  apply: (payload) => [event("ListDeleted", payload)],
  sync: (payload, api) => api.call(lists.remove, payload),
});

export const addListFeeds = defineCommand(addListFeedsInfo, {
  payload: Schema.Struct({ listId: EntityId, feedIds: IdList }),
  apply: (payload) => [
    event("ListFeedsAdded", { listId: payload.listId, feedIds: [...payload.feedIds] }),
  ],
  sync: (payload, api) =>
    api.call(lists.addFeeds, { listId: payload.listId, feedIds: payload.feedIds }),
});

export const removeListFeeds = defineCommand(removeListFeedsInfo, {
  payload: Schema.Struct({ listId: EntityId, feedIds: IdList }),
  apply: (payload) => [
    event("ListFeedsRemoved", { listId: payload.listId, feedIds: [...payload.feedIds] }),
  ],
  sync: (payload, api) =>
    api.call(lists.removeFeeds, { listId: payload.listId, feedIds: payload.feedIds }),
});

export const followList = defineCommand(followListInfo, {
  payload: Schema.Struct({ listId: EntityId, userId: Schema.String, view: View }),
  apply: (payload, meta) => [event("ListFollowed", { ...payload, createdAt: meta.issuedAt })],
  sync: (payload, api) =>
    api.call(subscriptions.subscribe, { listId: payload.listId, view: payload.view }),
  // The list, its unread counts and its entries come with the next pull.
  refreshAfterSync: true,
});

export const unfollowList = defineCommand(unfollowListInfo, {
  payload: Schema.Struct({ listId: EntityId }),
  apply: (payload) => [event("ListUnfollowed", payload)],
  sync: (payload, api) => api.call(subscriptions.unsubscribe, { listId: payload.listId }),
  refreshAfterSync: true,
});
