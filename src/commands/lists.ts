import { Schema } from "effect";
import * as lists from "../../contract/api/lists.ts";
import { event } from "./events.ts";
import {
  addListFeedsInfo,
  createListInfo,
  deleteListInfo,
  editListInfo,
  removeListFeedsInfo,
} from "./lists.info.ts";
import { defined, EntityId, IdList } from "./schemas.ts";
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
