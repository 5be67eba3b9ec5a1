import { Schema } from "effect";
import { DeleteCategoryRequest, RenameCategoryRequest } from "../reading.ts";
import { Envelope, endpoint, NoRequest, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** Categories are folder names on subscriptions. */
export const list = endpoint(routes.categories.list, {
  request: NoRequest,
  response: Envelope(Schema.Array(Schema.String)),
});

export const rename = endpoint(routes.categories.rename, {
  request: RenameCategoryRequest,
  response: Ok,
});

/** Deletes the folder: its subscriptions leave it, or go too with `deleteSubscriptions`. */
export const remove = endpoint(routes.categories.remove, {
  request: DeleteCategoryRequest,
  response: Ok,
});
