import { Schema } from "effect";
import { expressionBuilder } from "kysely";
import { StoredFeed } from "../../../contract/entities/feed.ts";
import { feedRow } from "../../../contract/entities/feed-table.ts";
import { SubscriptionModel } from "../../../contract/entities/subscription.ts";
import { subscriptionsTable } from "../../../contract/entities/subscription-table.ts";
import { jsonValues } from "../../db/json-values.ts";
import { local, statement } from "../../db/local-sql.ts";
import type { LocalTables } from "../../db/local-tables.ts";
import { feedSubscriptionId, type Statement } from "../../db/statements.ts";
import { upsertRows } from "../../db/upsert-rows.ts";
import { defineEvent } from "../event-definition.ts";

/** Subscriptions to feeds and their folders (categories), in the local `subscriptions` table. */
const subscription = SubscriptionModel.fields;
const FeedIds = Schema.Array(subscription.feedId);

/** What a subscribe or an edit may set; an absent field keeps its value. */
const Settings = {
  view: Schema.optionalKey(subscription.view),
  category: Schema.optionalKey(subscription.category),
  isPrivate: Schema.optionalKey(subscription.isPrivate),
  title: Schema.optionalKey(subscription.title),
};
type Settings = Schema.Struct.Type<typeof Settings>;

/** The columns a change names: an empty category or title is none. */
function settingsColumns(changes: Settings) {
  return subscriptionsTable.encode({
    ...(changes.view === undefined ? {} : { view: changes.view }),
    ...(changes.category === undefined ? {} : { category: changes.category || null }),
    ...(changes.title === undefined ? {} : { title: changes.title || null }),
    ...(changes.isPrivate === undefined ? {} : { is_private: changes.isPrivate }),
  });
}

function updateFeeds(feedIds: readonly string[], changes: Settings): Statement[] {
  const set = settingsColumns(changes);
  if (Object.keys(set).length === 0 || feedIds.length === 0) return [];
  return [
    statement(
      local.updateTable("subscriptions").set(set).where("feed_id", "in", jsonValues(feedIds)),
    ),
  ];
}

// The signed-in user, written to meta by the sync engine (subscription rows need a user id).
const meta = expressionBuilder<LocalTables>();
const currentUser = meta.fn.coalesce(
  meta.selectFrom("meta").select("value").where("key", "=", "userId"),
  meta.val(""),
);

const Subscribed = Schema.Struct({
  ...Settings,
  /** `pending/<commandId>`: the row's id until the server says which feed the URL is. */
  placeholderId: Schema.String,
  url: Schema.optionalKey(Schema.String),
  feedId: Schema.optionalKey(subscription.feedId),
  view: subscription.view,
  createdAt: subscription.createdAt,
});

function feedSubscribed(data: typeof Subscribed.Type): Statement[] {
  const settings = {
    user_id: currentUser,
    view: data.view,
    is_private: subscriptionsTable.encode({ is_private: data.isPrivate ?? false }).is_private,
    category: data.category || null,
    created_at: data.createdAt,
    type: "feed" as const,
  };
  if (data.feedId === undefined) {
    // A placeholder until the server says which feed the URL is; skipped if already subscribed.
    const subscribedToUrl = local
      .selectFrom("subscriptions as s")
      .innerJoin("feeds as f", "f.id", "s.feed_id")
      .select((eb) => eb.lit(1).as("one"))
      .where("f.url", "=", data.url ?? "");
    return [
      statement(
        local
          .insertInto("subscriptions")
          .columns([
            "id",
            "feed_id",
            "user_id",
            "view",
            "is_private",
            "title",
            "category",
            "created_at",
            "type",
          ])
          .expression(
            local
              .selectNoFrom((row) => [
                row.val(data.placeholderId).as("id"),
                row.lit(null).as("feed_id"),
                currentUser.as("user_id"),
                row.val(data.view).as("view"),
                row.val(settings.is_private).as("is_private"),
                row.val(data.title || data.url || null).as("title"),
                row.val(settings.category).as("category"),
                row.val(data.createdAt).as("created_at"),
                row.val(settings.type).as("type"),
              ])
              .where((row) => row.not(row.exists(subscribedToUrl))),
          )
          .onConflict((conflict) => conflict.column("id").doNothing()),
      ),
    ];
  }
  // Re-subscribing keeps the settings the request leaves out (as the server does).
  return [
    statement(
      local
        .insertInto("subscriptions")
        .values({
          id: feedSubscriptionId(data.feedId),
          feed_id: data.feedId,
          ...settings,
          title: data.title || null,
        })
        .onConflict((conflict) => conflict.column("id").doUpdateSet(settingsColumns(data))),
    ),
  ];
}

export const FeedSubscribed = defineEvent("FeedSubscribed", 1, Subscribed, feedSubscribed);

/** The server's answer to a subscription: the real feed replaces the placeholder. */
export const SubscriptionConfirmed = defineEvent(
  "SubscriptionConfirmed",
  1,
  Schema.Struct({
    ...Settings,
    placeholderId: Schema.String,
    feed: StoredFeed,
    view: subscription.view,
    createdAt: subscription.createdAt,
    unread: Schema.Number,
  }),
  (data) => [
    statement(local.deleteFrom("subscriptions").where("id", "=", data.placeholderId)),
    ...upsertRows("feeds", [feedRow(data.feed)], ["id"]),
    ...feedSubscribed({ ...data, feedId: data.feed.id }),
    // The server's count for a new subscription; an existing local count is newer.
    statement(
      local
        .insertInto("unread")
        .values({ subscription_id: data.feed.id, count: data.unread })
        .onConflict((conflict) => conflict.column("subscription_id").doNothing()),
    ),
  ],
);

function feedsUnsubscribed(feedIds: readonly string[]): Statement[] {
  return [
    statement(local.deleteFrom("subscriptions").where("feed_id", "in", jsonValues(feedIds))),
    statement(local.deleteFrom("unread").where("subscription_id", "in", jsonValues(feedIds))),
  ];
}

export const FeedsUnsubscribed = defineEvent(
  "FeedsUnsubscribed",
  1,
  Schema.Struct({ feedIds: FeedIds }),
  (data) => feedsUnsubscribed(data.feedIds),
);

export const SubscriptionEdited = defineEvent(
  "SubscriptionEdited",
  1,
  Schema.Struct({
    ...Settings,
    feedId: subscription.feedId,
    /** Server-side only (push on new entries): nothing local changes. */
    notify: Schema.optionalKey(Schema.Boolean),
  }),
  (data) => updateFeeds([data.feedId], data),
);

export const SubscriptionsBatchEdited = defineEvent(
  "SubscriptionsBatchEdited",
  1,
  Schema.Struct({ feedIds: FeedIds, category: Settings.category, view: Settings.view }),
  (data) => updateFeeds(data.feedIds, { category: data.category, view: data.view }),
);

export const CategoryRenamed = defineEvent(
  "CategoryRenamed",
  1,
  Schema.Struct({ feedIds: FeedIds, from: Schema.String, to: Schema.String }),
  (data) => updateFeeds(data.feedIds, { category: data.to }),
);

/** Deleting a category with its subscriptions unsubscribes them (their counts go too). */
export const CategoryDeleted = defineEvent(
  "CategoryDeleted",
  1,
  Schema.Struct({ feedIds: FeedIds, category: Schema.String, deleteSubscriptions: Schema.Boolean }),
  (data) =>
    data.deleteSubscriptions
      ? feedsUnsubscribed(data.feedIds)
      : updateFeeds(data.feedIds, { category: null }),
);

export const CategoryViewChanged = defineEvent(
  "CategoryViewChanged",
  1,
  Schema.Struct({ feedIds: FeedIds, category: Schema.String, view: subscription.view }),
  (data) => updateFeeds(data.feedIds, { view: data.view }),
);

export const subscriptionEvents = [
  FeedSubscribed,
  SubscriptionConfirmed,
  FeedsUnsubscribed,
  SubscriptionEdited,
  SubscriptionsBatchEdited,
  CategoryRenamed,
  CategoryDeleted,
  CategoryViewChanged,
] as const;
