import { Schema } from "effect";
import * as categories from "../../contract/api/categories.ts";
import * as subscriptions from "../../contract/api/subscriptions.ts";
import { DeleteCategoryRequest } from "../../contract/reading.ts";
import {
  changeCategoryViewInfo,
  deleteCategoryInfo,
  renameCategoryInfo,
} from "./categories.info.ts";
import { event } from "./events.ts";
import { CategoryName, IdList, View } from "./schemas.ts";
import { defineCommand } from "./types.ts";

// The feeds in the folder were resolved when the command ran (categories.info.ts).
const InCategory = { feedIds: IdList, category: CategoryName };

export const renameCategory = defineCommand(renameCategoryInfo, {
  payload: Schema.Struct({ ...InCategory, to: CategoryName }),
  apply: (payload) => [
    event("CategoryRenamed", {
      feedIds: [...payload.feedIds],
      from: payload.category,
      to: payload.to,
    }),
  ],
  sync: (payload, api) =>
    api.call(categories.rename, { feedIdList: payload.feedIds, category: payload.to }),
});

export const deleteCategory = defineCommand(deleteCategoryInfo, {
  payload: Schema.Struct({
    ...InCategory,
    deleteSubscriptions: DeleteCategoryRequest.fields.deleteSubscriptions,
  }),
  apply: (payload) => [
    event("CategoryDeleted", {
      feedIds: [...payload.feedIds],
      category: payload.category,
      deleteSubscriptions: payload.deleteSubscriptions ?? false,
    }),
  ],
  sync: (payload, api) =>
    api.call(categories.remove, {
      feedIdList: payload.feedIds,
      deleteSubscriptions: payload.deleteSubscriptions ?? false,
    }),
});

export const changeCategoryView = defineCommand(changeCategoryViewInfo, {
  payload: Schema.Struct({ ...InCategory, view: View }),
  apply: (payload) => [
    event("CategoryViewChanged", {
      feedIds: [...payload.feedIds],
      category: payload.category,
      view: payload.view,
    }),
  ],
  sync: (payload, api) =>
    api.call(subscriptions.batchUpdate, { feedIds: payload.feedIds, view: payload.view }),
});
