import { bit, feedSubscriptionId, jsonList, type Statement, sql } from "../../db/statements.ts";
import type { SqlValue } from "../../db/types.ts";
import type { EventData } from "../events.ts";

// The signed-in user, written to meta by the sync engine (subscription rows need a user id).
const CURRENT_USER = "COALESCE((SELECT value FROM meta WHERE key = 'userId'), '')";

type Settings = Pick<EventData["SubscriptionEdited"], "view" | "category" | "isPrivate" | "title">;

/** SET clauses for the fields a change names; an absent field keeps its value. */
function settingsUpdate(changes: Settings): Statement {
  const fields: [string, SqlValue][] = [];
  if (changes.view !== undefined) fields.push(["view", changes.view]);
  if (changes.category !== undefined) fields.push(["category", changes.category || null]);
  if (changes.title !== undefined) fields.push(["title", changes.title || null]);
  if (changes.isPrivate !== undefined) fields.push(["is_private", bit(changes.isPrivate)]);
  return {
    sql: fields.map(([column]) => `${column} = ?`).join(", "),
    params: fields.map(([, value]) => value),
  };
}

function updateFeeds(feedIds: readonly string[], changes: Settings): Statement[] {
  const set = settingsUpdate(changes);
  if (set.params.length === 0 || feedIds.length === 0) return [];
  return [
    sql(
      `UPDATE subscriptions SET ${set.sql} WHERE feed_id IN (SELECT value FROM json_each(?))`,
      ...set.params,
      jsonList(feedIds),
    ),
  ];
}

export function feedSubscribed(data: EventData["FeedSubscribed"]): Statement[] {
  if (data.feedId === undefined) {
    // A placeholder until the server says which feed the URL is; skipped if already subscribed.
    return [
      sql(
        `INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, title, category, created_at, type)
         SELECT ?, NULL, ${CURRENT_USER}, ?, ?, ?, ?, ?, 'feed'
         WHERE NOT EXISTS (SELECT 1 FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE f.url = ?)
         ON CONFLICT (id) DO NOTHING`,
        data.placeholderId,
        data.view,
        bit(data.isPrivate ?? false),
        data.title || data.url || null,
        data.category || null,
        data.createdAt,
        data.url ?? "",
      ),
    ];
  }
  // Re-subscribing keeps the settings the request leaves out (as the server does).
  const changes = settingsUpdate({ ...data, view: data.view });
  return [
    sql(
      `INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, title, category, created_at, type)
       VALUES (?, ?, ${CURRENT_USER}, ?, ?, ?, ?, ?, 'feed')
       ON CONFLICT (id) DO UPDATE SET ${changes.sql}`,
      feedSubscriptionId(data.feedId),
      data.feedId,
      data.view,
      bit(data.isPrivate ?? false),
      data.title || null,
      data.category || null,
      data.createdAt,
      ...changes.params,
    ),
  ];
}

export function subscriptionConfirmed(data: EventData["SubscriptionConfirmed"]): Statement[] {
  const { feed } = data;
  return [
    sql("DELETE FROM subscriptions WHERE id = ?", data.placeholderId),
    sql(
      `INSERT INTO feeds (id, url, title, description, image, site_url, owner_user_id, error_at, error_message)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET url = excluded.url, title = excluded.title,
         description = excluded.description, image = excluded.image, site_url = excluded.site_url,
         owner_user_id = excluded.owner_user_id, error_at = excluded.error_at,
         error_message = excluded.error_message`,
      feed.id,
      feed.url,
      feed.title,
      feed.description,
      feed.image,
      feed.siteUrl,
      feed.ownerUserId,
      feed.errorAt,
      feed.errorMessage,
    ),
    ...feedSubscribed({ ...data, feedId: feed.id }),
    // The server's count for a new subscription; an existing local count is newer.
    sql(
      "INSERT INTO unread (subscription_id, count) VALUES (?, ?) ON CONFLICT (subscription_id) DO NOTHING",
      feed.id,
      data.unread,
    ),
  ];
}

export function feedsUnsubscribed(data: EventData["FeedsUnsubscribed"]): Statement[] {
  const ids = jsonList(data.feedIds);
  return [
    sql("DELETE FROM subscriptions WHERE feed_id IN (SELECT value FROM json_each(?))", ids),
    sql("DELETE FROM unread WHERE subscription_id IN (SELECT value FROM json_each(?))", ids),
  ];
}

export function subscriptionEdited(data: EventData["SubscriptionEdited"]): Statement[] {
  return updateFeeds([data.feedId], data);
}

export function subscriptionsBatchEdited(data: EventData["SubscriptionsBatchEdited"]) {
  return updateFeeds(data.feedIds, { category: data.category, view: data.view });
}

export function categoryRenamed(data: EventData["CategoryRenamed"]): Statement[] {
  return updateFeeds(data.feedIds, { category: data.to });
}

export function categoryDeleted(data: EventData["CategoryDeleted"]): Statement[] {
  if (data.deleteSubscriptions) return feedsUnsubscribed({ feedIds: data.feedIds });
  return updateFeeds(data.feedIds, { category: null });
}

export function categoryViewChanged(data: EventData["CategoryViewChanged"]): Statement[] {
  return updateFeeds(data.feedIds, { view: data.view });
}
