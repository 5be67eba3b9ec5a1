import { Schema } from "effect";
import type { ResponseOf } from "../../contract/api/endpoint.ts";
import * as subscriptions from "../../contract/api/subscriptions.ts";
import {
  BatchSubscriptionRequest,
  SubscribeRequest,
  UpdateSubscriptionRequest,
} from "../../contract/reading.ts";
import { event } from "./events.ts";
import { defined, IdList } from "./schemas.ts";
import {
  batchEditSubscriptionsInfo,
  editSubscriptionInfo,
  subscribeInfo,
  unsubscribeInfo,
} from "./subscriptions.info.ts";
import { defineCommand } from "./types.ts";

type SubscribeAnswer = ResponseOf<typeof subscriptions.subscribe>;

/** The placeholder row of a subscription whose feed the server has not named yet. */
function placeholderId(commandId: string): string {
  return `pending/${commandId}`;
}

export const subscribe = defineCommand(subscribeInfo, {
  // The endpoint's request, with the URL the command always has.
  payload: SubscribeRequest.check(
    Schema.makeFilter((request) => request.url !== undefined || "expected a URL to subscribe to"),
  ),
  apply: (payload, meta) => [
    event("FeedSubscribed", {
      ...defined(payload),
      view: payload.view ?? 0,
      placeholderId: placeholderId(meta.commandId),
      createdAt: meta.issuedAt,
    }),
  ],
  sync: (payload, api) => api.call(subscriptions.subscribe, defined(payload)),
  confirm: (payload, answer, meta) => {
    // The command subscribes by URL: the answer is always a feed's.
    const { feed, unread } = answer as Extract<SubscribeAnswer, { list: null }>;
    return [
      event("SubscriptionConfirmed", {
        ...defined(payload),
        view: payload.view ?? 0,
        placeholderId: placeholderId(meta.commandId),
        feed,
        createdAt: meta.issuedAt,
        unread: unread?.[feed.id] ?? 0,
      }),
    ];
  },
  // The new feed's entries come with the next pull.
  refreshAfterSync: true,
});

export const unsubscribe = defineCommand(unsubscribeInfo, {
  payload: Schema.Struct({ feedIds: IdList }),
  apply: (payload) => [event("FeedsUnsubscribed", { feedIds: [...payload.feedIds] })],
  sync: (payload, api) => api.call(subscriptions.unsubscribe, { feedIdList: payload.feedIds }),
});

export const editSubscription = defineCommand(editSubscriptionInfo, {
  payload: UpdateSubscriptionRequest,
  apply: (payload) => [event("SubscriptionEdited", defined(payload))],
  sync: (payload, api) => api.call(subscriptions.update, defined(payload)),
});

export const batchEditSubscriptions = defineCommand(batchEditSubscriptionsInfo, {
  payload: BatchSubscriptionRequest,
  apply: (payload) => [
    event("SubscriptionsBatchEdited", defined({ ...payload, feedIds: [...payload.feedIds] })),
  ],
  sync: (payload, api) => api.call(subscriptions.batchUpdate, defined(payload)),
});
