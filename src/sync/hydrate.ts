import type { LocalDatabase, Row } from "../db/types.ts";

/** At most this many entries per subscription are hydrated at start-up (SPEC §9). */
export const HYDRATE_ENTRIES_PER_SUBSCRIPTION = 20;

export interface HydratedState {
  subscriptions: Row[];
  unread: Record<string, number>;
  /** Newest entries first, at most 20 per subscribed feed, list form (no content). */
  entriesByFeed: Record<string, Row[]>;
}

/**
 * Reads what the first screen needs from the local database in three queries, so the first
 * paint does not wait for the network (or for each view's live query to warm up).
 */
export async function hydrate(
  db: LocalDatabase,
  perSubscription = HYDRATE_ENTRIES_PER_SUBSCRIPTION,
): Promise<HydratedState> {
  const subscriptions = await db.query("SELECT * FROM subscriptions ORDER BY created_at");
  const unreadRows = await db.query<{ subscription_id: string; count: number }>(
    "SELECT subscription_id, count FROM unread",
  );
  // A window function keeps the newest N per feed in one pass over the (feed_id, published_at) index.
  const entries = await db.query(
    `SELECT id, title, url, description, guid, author, author_url, author_avatar, inserted_at,
            published_at, media, categories, attachments, extra, language, feed_id, inbox_handle, read
       FROM (SELECT e.*, row_number() OVER (PARTITION BY e.feed_id ORDER BY e.published_at DESC) AS rn
               FROM entries e
              WHERE e.feed_id IN (SELECT feed_id FROM subscriptions WHERE feed_id IS NOT NULL))
      WHERE rn <= ?
      ORDER BY feed_id, published_at DESC`,
    [perSubscription],
  );
  const entriesByFeed: Record<string, Row[]> = {};
  for (const entry of entries) {
    const feedId = String(entry.feed_id);
    const list = entriesByFeed[feedId] ?? [];
    list.push(entry);
    entriesByFeed[feedId] = list;
  }
  const unread: Record<string, number> = {};
  for (const row of unreadRows) unread[row.subscription_id] = Number(row.count);
  return { subscriptions, unread, entriesByFeed };
}
