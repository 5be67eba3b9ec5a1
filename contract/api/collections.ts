import { Schema } from "effect";
import { CollectionRequest, EntryQuery, UncollectRequest } from "../reading.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";

/** Stars ("collections"): whether the entry is starred. */
export const check = endpoint({
  method: "GET",
  path: "/collections",
  request: EntryQuery,
  response: Envelope(Schema.Boolean),
});

export const add = endpoint({
  method: "POST",
  path: "/collections",
  request: CollectionRequest,
  response: Ok,
});

export const remove = endpoint({
  method: "DELETE",
  path: "/collections",
  request: UncollectRequest,
  response: Ok,
});
