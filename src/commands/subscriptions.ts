import { Schema } from "effect";
import type { FeedModel } from "../../contract/reading-models.ts";
import {
  batchEditSubscriptionsInfo,
  editSubscriptionInfo,
  subscribeInfo,
  unsubscribeInfo,
} from "./catalog.ts";
import { event } from "./events.ts";
import {
  defined,
  EntityId,
  IdList,
  OptionalCategory,
  OptionalTitle,
  Text,
  View,
} from "./schemas.ts";
import { defineCommand } from "./types.ts";

const Settings = {
  view: Schema.optional(View),
  category: OptionalCategory,
  isPrivate: Schema.optional(Schema.Boolean),
  title: OptionalTitle,
};

interface SubscribeAnswer {
  feed: FeedModel;
  unread?: Record<string, number>;
}

/** The placeholder row of a subscription whose feed the server has not named yet. */
export function placeholderId(commandId: string): string {
  return `pending/${commandId}`;
}

export const subscribe = defineCommand({
  ...subscribeInfo,
  // feedId when the feed is known locally: the row is then real at once, not a placeholder.
  payload: Schema.Struct({ url: Text(2048), feedId: Schema.optional(EntityId), ...Settings }),
  apply: (payload, meta) => [
    event("FeedSubscribed", {
      ...defined(payload),
      view: payload.view ?? 0,
      placeholderId: placeholderId(meta.commandId),
      createdAt: meta.issuedAt,
    }),
  ],
  sync: (payload, api) => api.post("/subscriptions", defined(payload)),
  confirm: (payload, answer, meta) => {
    const { feed, unread } = answer as SubscribeAnswer;
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

export const unsubscribe = defineCommand({
  ...unsubscribeInfo,
  payload: Schema.Struct({ feedIds: IdList }),
  apply: (payload) => [event("FeedsUnsubscribed", { feedIds: [...payload.feedIds] })],
  sync: (payload, api) => api.delete("/subscriptions", { feedIdList: payload.feedIds }),
});

export const editSubscription = defineCommand({
  ...editSubscriptionInfo,
  payload: Schema.Struct({ feedId: EntityId, ...Settings }),
  apply: (payload) => [event("SubscriptionEdited", defined(payload))],
  sync: (payload, api) => api.patch("/subscriptions", defined(payload)),
});

export const batchEditSubscriptions = defineCommand({
  ...batchEditSubscriptionsInfo,
  payload: Schema.Struct({
    feedIds: IdList,
    category: OptionalCategory,
    view: Schema.optional(View),
  }),
  apply: (payload) => [
    event("SubscriptionsBatchEdited", defined({ ...payload, feedIds: [...payload.feedIds] })),
  ],
  sync: (payload, api) => api.patch("/subscriptions/batch", defined(payload)),
});
