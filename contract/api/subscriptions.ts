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
import { routes } from "./info.ts";

export const list = endpoint(routes.subscriptions.list, {
  request: ViewQuery,
  response: Envelope(Schema.Array(SubscriptionModel)),
});

/** Subscribes by URL (discovering the feed) or by feed id; answers the feed and its unread. */
export const subscribe = endpoint(routes.subscriptions.subscribe, {
  request: SubscribeRequest,
  response: Schema.Struct({
    code: Schema.Literal(0),
    feed: FeedModel,
    list: Schema.Null,
    unread: Schema.Record(Schema.String, Schema.Number),
  }),
});

export const update = endpoint(routes.subscriptions.update, {
  request: UpdateSubscriptionRequest,
  response: Ok,
});

export const unsubscribe = endpoint(routes.subscriptions.unsubscribe, {
  request: DeleteSubscriptionRequest,
  response: Ok,
});

export const batchUpdate = endpoint(routes.subscriptions.batchUpdate, {
  request: BatchSubscriptionRequest,
  response: Ok,
});
