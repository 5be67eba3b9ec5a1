import type { LocalDatabase, Row } from "../db/types.ts";

/** At most this many entries per subscription are hydrated at start-up (SPEC §9). */
export const HYDRATE_ENTRIES_PER_SUBSCRIPTION = 20;

/** List form: every column but the content (the entry pane loads that on demand). */
const LIST_COLUMNS = [
  "id",
  "title",
  "url",
  "description",
  "guid",
  "author",
  "author_url",
  "author_avatar",
  "inserted_at",
  "published_at",
  "media",
  "categories",
  "attachments",
  "extra",
  "language",
  "feed_id",
  "inbox_handle",
  "read",
];
const ENTRY_COLUMNS = LIST_COLUMNS.join(", ");

/** What start-up holds in memory when data persistence is on (SPEC §4, §9). */
export interface HydratedState {
  subscriptions: Row[];
  unread: Record<string, number>;
  /** Every hydrated entry once, by id, in list form. */
  entries: Map<string, Row>;
  /** Entry ids by subscription id, newest first, at most 20 each. */
  entriesBySubscription: Record<string, string[]>;
  /** Starred entries, kept whatever their age. */
  starred: string[];
  /** Entries a command still waiting to be sent names, kept whatever their age. */
  pending: string[];
}

/** The newest `limit` entries of each subscription whose `subscriptionColumn` names `column`. */
function newestPer(column: "feed_id" | "inbox_handle", subscriptionColumn: "feed_id" | "inbox_id") {
  // Per subscription, the (key, published_at) index yields its newest N rowids: the work is
  // N rows a subscription however many are stored (a window over all of them was 2-3x slower).
  return `SELECT ${LIST_COLUMNS.map((name) => `e.${name}`).join(", ")}
       FROM subscriptions s
       JOIN entries e ON e.rowid IN (SELECT rowid FROM entries
                                      WHERE ${column} = s.${subscriptionColumn}
                                      ORDER BY published_at DESC LIMIT ?)
      WHERE s.${subscriptionColumn} IS NOT NULL
      ORDER BY e.${column}, e.published_at DESC`;
}

const STARRED = `SELECT ${ENTRY_COLUMNS} FROM entries
  WHERE id IN (SELECT entry_id FROM collections)`;

/** Commands name entries as `entryId` or `entryIds` (entries.*, collections.*). */
const PENDING = `SELECT ${ENTRY_COLUMNS} FROM entries
  WHERE id IN (SELECT json_extract(payload, '$.entryId') FROM outbox
               UNION SELECT ids.value FROM outbox, json_each(outbox.payload, '$.entryIds') AS ids
                     WHERE json_type(outbox.payload, '$.entryIds') = 'array')`;

/**
 * Reads what the first screens need from the local database into memory: subscriptions,
 * unread counts, the newest 20 entries of each subscription, and every starred entry or entry
 * a pending command names (those must stay at hand whatever their age).
 */
export async function hydrate(
  db: LocalDatabase,
  perSubscription = HYDRATE_ENTRIES_PER_SUBSCRIPTION,
): Promise<HydratedState> {
  const subscriptions = await db.query("SELECT * FROM subscriptions ORDER BY created_at");
  const unreadRows = await db.query<{ subscription_id: string; count: number }>(
    "SELECT subscription_id, count FROM unread",
  );
  const byFeed = new Map<string, string>();
  const byInbox = new Map<string, string>();
  for (const row of subscriptions) {
    if (row.feed_id !== null && row.feed_id !== undefined)
      byFeed.set(String(row.feed_id), String(row.id));
    if (row.inbox_id !== null && row.inbox_id !== undefined)
      byInbox.set(String(row.inbox_id), String(row.id));
  }
  const entries = new Map<string, Row>();
  const entriesBySubscription: Record<string, string[]> = {};
  const keep = (rows: Row[], key: (row: Row) => string | undefined) => {
    for (const row of rows) {
      entries.set(String(row.id), row);
      const subscription = key(row);
      if (subscription === undefined) continue;
      const list = entriesBySubscription[subscription] ?? [];
      list.push(String(row.id));
      entriesBySubscription[subscription] = list;
    }
  };
  keep(await db.query(newestPer("feed_id", "feed_id"), [perSubscription]), (row) =>
    byFeed.get(String(row.feed_id)),
  );
  if (byInbox.size > 0) {
    keep(await db.query(newestPer("inbox_handle", "inbox_id"), [perSubscription]), (row) =>
      byInbox.get(String(row.inbox_handle)),
    );
  }
  const idsOf = (rows: Row[]) => {
    keep(rows, () => undefined);
    return rows.map((row) => String(row.id));
  };
  const starred = idsOf(await db.query(STARRED));
  const pending = idsOf(await db.query(PENDING));
  const unread: Record<string, number> = {};
  for (const row of unreadRows) unread[row.subscription_id] = Number(row.count);
  return { subscriptions, unread, entries, entriesBySubscription, starred, pending };
}
