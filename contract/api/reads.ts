import { Schema } from "effect";
import { MarkAllReadRequest, MarkReadRequest, MarkUnreadRequest, ViewQuery } from "../reading.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

const CountsByFeed = Schema.Record(Schema.String, Schema.Number);

/** Unread entries per feed id. */
export const unread = endpoint(routes.reads.unread, {
  request: ViewQuery,
  response: Envelope(CountsByFeed),
});

export const markRead = endpoint(routes.reads.markRead, {
  request: MarkReadRequest,
  response: Ok,
});

export const markUnread = endpoint(routes.reads.markUnread, {
  request: MarkUnreadRequest,
  response: Ok,
});

/** Marks everything the filter selects read; answers how many per feed. */
export const markAllRead = endpoint(routes.reads.markAllRead, {
  request: MarkAllReadRequest,
  response: Envelope(Schema.Struct({ read: CountsByFeed })),
});
