import { Schema } from "effect";
import {
  BatchSubscriptionRequest,
  DeleteSubscriptionRequest,
  SubscribeRequest,
  UpdateSubscriptionRequest,
  ViewQuery,
} from "../reading.ts";
import { FeedModel, SubscriptionModel } from "../reading-models.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";

export const list = endpoint({
  method: "GET",
  path: "/subscriptions",
  request: ViewQuery,
  response: Envelope(Schema.Array(SubscriptionModel)),
});

/** Subscribes by URL (discovering the feed) or by feed id; answers the feed and its unread. */
export const subscribe = endpoint({
  method: "POST",
  path: "/subscriptions",
  request: SubscribeRequest,
  response: Schema.Struct({
    code: Schema.Literal(0),
    feed: FeedModel,
    list: Schema.Null,
    unread: Schema.Record(Schema.String, Schema.Number),
  }),
});

export const update = endpoint({
  method: "PATCH",
  path: "/subscriptions",
  request: UpdateSubscriptionRequest,
  response: Ok,
});

export const unsubscribe = endpoint({
  method: "DELETE",
  path: "/subscriptions",
  request: DeleteSubscriptionRequest,
  response: Ok,
});

export const batchUpdate = endpoint({
  method: "PATCH",
  path: "/subscriptions/batch",
  request: BatchSubscriptionRequest,
  response: Ok,
});
