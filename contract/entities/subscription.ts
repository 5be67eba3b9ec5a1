import { Schema } from "effect";
import { FeedModel } from "./feed.ts";
import { InboxModel } from "./inbox.ts";
import { ListModel } from "./list.ts";

const NullableText = Schema.NullOr(Schema.String);

/** What every subscription carries, whatever it follows. */
const settings = {
  userId: Schema.String,
  view: Schema.Number,
  isPrivate: Schema.Boolean,
  title: NullableText,
  category: NullableText,
  createdAt: Schema.String,
};

/** Following a feed, with the feed. */
export const SubscriptionModel = Schema.Struct({
  ...settings,
  feedId: Schema.String,
  feeds: FeedModel,
  /** Whether each new entry is pushed as a notification (where the server says). */
  notify: Schema.optionalKey(Schema.Boolean),
});
export type SubscriptionModel = typeof SubscriptionModel.Type;

/** Following a list, with the list. */
export const ListSubscriptionModel = Schema.Struct({
  ...settings,
  listId: Schema.String,
  lists: ListModel,
});
export type ListSubscriptionModel = typeof ListSubscriptionModel.Type;

/** An inbox as a subscription (its owner follows it). */
export const InboxSubscriptionModel = Schema.Struct({
  ...settings,
  inboxId: Schema.String,
  inboxes: InboxModel,
});
export type InboxSubscriptionModel = typeof InboxSubscriptionModel.Type;
