import { Schema } from "effect";
import { text } from "./columns.ts";
import { FeedModel } from "./feed.ts";
import { InboxModel } from "./inbox.ts";
import { ListModel } from "./list.ts";
import { localTable, type RowOf, type StoredRowOf } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

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

const wire = modelColumns(SubscriptionModel, [
  "feedId",
  "userId",
  "view",
  "isPrivate",
  "title",
  "category",
  "createdAt",
]);
const listTarget = modelColumns(ListSubscriptionModel, ["listId"]);
const inboxTarget = modelColumns(InboxSubscriptionModel, ["inboxId"]);

export type SubscriptionType = "feed" | "list" | "inbox";

/**
 * The person's subscriptions to feeds, lists and inboxes, one table for all three: `type`
 * says which, and only that target's id is set. `id` is the client form `type/targetId`
 * (`pending/<commandId>` while a subscribe to a URL waits for its feed).
 */
export const subscriptionsTable = localTable({
  name: "subscriptions",
  columns: {
    id: text(),
    feed_id: wire.feed_id.orNull(),
    list_id: listTarget.list_id.orNull(),
    inbox_id: inboxTarget.inbox_id.orNull(),
    user_id: wire.user_id,
    view: wire.view,
    is_private: wire.is_private,
    title: wire.title,
    category: wire.category,
    created_at: wire.created_at.orNull(),
    type: text<SubscriptionType>().withCheck("type IN ('feed', 'list', 'inbox')"),
  },
  key: ["id"],
  indexes: [
    { name: "subscriptions_feed_id", on: ["feed_id"] },
    { name: "subscriptions_category", on: ["category"] },
  ],
});

type SubscriptionColumns = typeof subscriptionsTable.columns;
export type SubscriptionRow = RowOf<SubscriptionColumns>;
export type StoredSubscriptionRow = StoredRowOf<SubscriptionColumns>;

/** A subscription as the API may send it: to a feed, a list or an inbox. */
export type ServerSubscription = Partial<
  Pick<SubscriptionModel, "feedId" | "title" | "category" | "createdAt">
> &
  Pick<SubscriptionModel, "userId" | "view" | "isPrivate"> & {
    listId?: string | null;
    inboxId?: string | null;
  };

/** The type follows the target the subscription has. */
export function subscriptionType(s: ServerSubscription): SubscriptionType {
  if (s.listId) return "list";
  if (s.inboxId) return "inbox";
  return "feed";
}

/** A subscription from the API → its stored row. */
export function subscriptionRow(s: ServerSubscription): StoredSubscriptionRow {
  const type = subscriptionType(s);
  const target = type === "list" ? s.listId : type === "inbox" ? s.inboxId : s.feedId;
  const row: SubscriptionRow = {
    id: `${type}/${target}`,
    feed_id: type === "feed" ? (s.feedId ?? null) : null,
    list_id: s.listId ?? null,
    inbox_id: s.inboxId ?? null,
    user_id: s.userId,
    view: s.view,
    is_private: s.isPrivate,
    title: s.title ?? null,
    category: s.category ?? null,
    created_at: s.createdAt ?? null,
    type,
  };
  return subscriptionsTable.encode(row) as StoredSubscriptionRow;
}
