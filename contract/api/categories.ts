import { Schema } from "effect";
import { DeleteCategoryRequest, RenameCategoryRequest } from "../reading.ts";
import { Envelope, endpoint, NoRequest, Ok } from "./endpoint.ts";

/** Categories are folder names on subscriptions. */
export const list = endpoint({
  method: "GET",
  path: "/categories",
  request: NoRequest,
  response: Envelope(Schema.Array(Schema.String)),
});

export const rename = endpoint({
  method: "PATCH",
  path: "/categories",
  request: RenameCategoryRequest,
  response: Ok,
});

/** Deletes the folder: its subscriptions leave it, or go too with `deleteSubscriptions`. */
export const remove = endpoint({
  method: "DELETE",
  path: "/categories",
  request: DeleteCategoryRequest,
  response: Ok,
});
