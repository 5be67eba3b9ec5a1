import { Schema } from "effect";
import { changeCategoryViewInfo, deleteCategoryInfo, renameCategoryInfo } from "./catalog.ts";
import { event } from "./events.ts";
import { CategoryName, IdList, View } from "./schemas.ts";
import { defineCommand } from "./types.ts";

// A category is a folder name on subscriptions: the feeds in it are resolved at dispatch and
// travel in the payload, so the server changes exactly the feeds the user saw.
const InCategory = { feedIds: IdList, category: CategoryName };

export const renameCategory = defineCommand({
  ...renameCategoryInfo,
  payload: Schema.Struct({ ...InCategory, to: CategoryName.check(Schema.isMinLength(1)) }),
  apply: (payload) => [
    event("CategoryRenamed", {
      feedIds: [...payload.feedIds],
      from: payload.category,
      to: payload.to,
    }),
  ],
  sync: (payload, api) =>
    api.patch("/categories", { feedIdList: payload.feedIds, category: payload.to }),
});

export const deleteCategory = defineCommand({
  ...deleteCategoryInfo,
  payload: Schema.Struct({ ...InCategory, deleteSubscriptions: Schema.optional(Schema.Boolean) }),
  apply: (payload) => [
    event("CategoryDeleted", {
      feedIds: [...payload.feedIds],
      category: payload.category,
      deleteSubscriptions: payload.deleteSubscriptions ?? false,
    }),
  ],
  sync: (payload, api) =>
    api.delete("/categories", {
      feedIdList: payload.feedIds,
      deleteSubscriptions: payload.deleteSubscriptions ?? false,
    }),
});

export const changeCategoryView = defineCommand({
  ...changeCategoryViewInfo,
  payload: Schema.Struct({ ...InCategory, view: View }),
  apply: (payload) => [
    event("CategoryViewChanged", {
      feedIds: [...payload.feedIds],
      category: payload.category,
      view: payload.view,
    }),
  ],
  sync: (payload, api) =>
    api.patch("/subscriptions/batch", { feedIds: payload.feedIds, view: payload.view }),
});
