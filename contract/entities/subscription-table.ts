import { boolean, integer, text } from "./columns.ts";
import { localTable, type RowOf, type StoredRowOf } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";
import type {
  InboxSubscriptionModel,
  ListSubscriptionModel,
  SubscriptionModel,
} from "./subscription.ts";

/** The subscription fields the local table keeps, typed as the model declares them. */
export const subscriptionColumns = modelColumns<SubscriptionModel>()({
  feedId: text(),
  userId: text(),
  view: integer(),
  isPrivate: boolean(),
  title: text().orNull(),
  category: text().orNull(),
  createdAt: text(),
});
/** A list subscription's target. */
export const listTargetColumns = modelColumns<ListSubscriptionModel>()({ listId: text() });
/** An inbox subscription's target. */
export const inboxTargetColumns = modelColumns<InboxSubscriptionModel>()({ inboxId: text() });

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
    feed_id: subscriptionColumns.feed_id.orNull(),
    list_id: listTargetColumns.list_id.orNull(),
    inbox_id: inboxTargetColumns.inbox_id.orNull(),
    user_id: subscriptionColumns.user_id,
    view: subscriptionColumns.view,
    is_private: subscriptionColumns.is_private,
    title: subscriptionColumns.title,
    category: subscriptionColumns.category,
    created_at: subscriptionColumns.created_at.orNull(),
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
