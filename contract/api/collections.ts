import { Schema } from "effect";
import { CollectionRequest, EntryQuery, UncollectRequest } from "../reading.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** Stars ("collections"): whether the entry is starred. */
export const check = endpoint(routes.collections.check, {
  request: EntryQuery,
  response: Envelope(Schema.Boolean),
});

export const add = endpoint(routes.collections.add, {
  request: CollectionRequest,
  response: Ok,
});

export const remove = endpoint(routes.collections.remove, {
  request: UncollectRequest,
  response: Ok,
});
