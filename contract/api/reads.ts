import { Schema } from "effect";
import { MarkAllReadRequest, MarkReadRequest, MarkUnreadRequest, ViewQuery } from "../reading.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";

const CountsByFeed = Schema.Record(Schema.String, Schema.Number);

/** Unread entries per feed id. */
export const unread = endpoint({
  method: "GET",
  path: "/reads",
  request: ViewQuery,
  response: Envelope(CountsByFeed),
});

export const markRead = endpoint({
  method: "POST",
  path: "/reads",
  request: MarkReadRequest,
  response: Ok,
});

export const markUnread = endpoint({
  method: "DELETE",
  path: "/reads",
  request: MarkUnreadRequest,
  response: Ok,
});

/** Marks everything the filter selects read; answers how many per feed. */
export const markAllRead = endpoint({
  method: "POST",
  path: "/reads/all",
  request: MarkAllReadRequest,
  response: Envelope(Schema.Struct({ read: CountsByFeed })),
});
