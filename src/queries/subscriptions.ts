import type { Observable } from "rxjs";
import { liveQuery } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";
import { distinctUnread, distinctUnreadBy, LIST_UNREAD_SQL } from "./distinct-unread.ts";

/** One row of the subscription column. */
export interface SubscriptionItem {
  /** Client-side id `type/target`, or `pending/<commandId>` while a subscribe is in flight. */
  id: string;
  type: "feed" | "list" | "inbox";
  feedId: string | null;
  listId: string | null;
  inboxId: string | null;
  view: number;
  isPrivate: boolean;
  title: string;
  /** The subscription's own title, if the user set one (the edit dialog shows it). */
  customTitle: string | null;
  category: string | null;
  url: string | null;
  siteUrl: string | null;
  image: string | null;
  errorAt: string | null;
  errorMessage: string | null;
  unread: number;
  pending: boolean;
}

export interface SubscriptionFolder {
  name: string;
  items: SubscriptionItem[];
  unread: number;
}

export interface SubscriptionTree {
  folders: SubscriptionFolder[];
  /** Subscriptions without a category, after the folders. */
  loose: SubscriptionItem[];
  unread: number;
}

type Row = {
  id: string;
  type: string;
  feed_id: string | null;
  list_id: string | null;
  inbox_id: string | null;
  view: number;
  is_private: number;
  sub_title: string | null;
  category: string | null;
  feed_title: string | null;
  list_title: string | null;
  inbox_title: string | null;
  url: string | null;
  site_url: string | null;
  image: string | null;
  error_at: string | null;
  error_message: string | null;
  unread: number;
};

// Unread counts are keyed by the target id (the feed id for feeds).
const SUBSCRIPTIONS_SQL = `
  SELECT s.id, s.type, s.feed_id, s.list_id, s.inbox_id, s.view, s.is_private,
    s.title AS sub_title, s.category, f.title AS feed_title, l.title AS list_title,
    i.title AS inbox_title, f.url, f.site_url, COALESCE(f.image, l.image) AS image,
    f.error_at, f.error_message, ${LIST_UNREAD_SQL} AS unread
  FROM subscriptions s
    LEFT JOIN feeds f ON f.id = s.feed_id
    LEFT JOIN lists l ON l.id = s.list_id
    LEFT JOIN inboxes i ON i.id = s.inbox_id
    LEFT JOIN unread u ON u.subscription_id = COALESCE(s.feed_id, s.list_id, s.inbox_id)`;

const SUBSCRIPTION_TABLES = ["subscriptions", "feeds", "lists", "inboxes", "unread"];

function toItem(row: Row): SubscriptionItem {
  const pending = row.id.startsWith("pending/");
  return {
    id: row.id,
    type: row.type as SubscriptionItem["type"],
    feedId: row.feed_id,
    listId: row.list_id,
    inboxId: row.inbox_id,
    view: Number(row.view),
    isPrivate: Number(row.is_private) === 1,
    title:
      row.sub_title ||
      row.feed_title ||
      row.list_title ||
      row.inbox_title ||
      row.site_url ||
      row.url ||
      row.feed_id ||
      "",
    customTitle: row.sub_title,
    category: row.category || null,
    url: row.url,
    siteUrl: row.site_url,
    image: row.image,
    errorAt: row.error_at,
    errorMessage: row.error_message,
    unread: Number(row.unread),
    pending,
  };
}

const byTitle = (a: SubscriptionItem, b: SubscriptionItem) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: "base" });

/**
 * Groups a view's subscriptions by folder (category), folders and feeds sorted by name. Totals
 * are distinct entries when given (`unread`: per folder name, and "" for the whole view), else
 * the sum of the rows.
 */
export function groupSubscriptions(
  items: SubscriptionItem[],
  unread?: ReadonlyMap<string, number>,
): SubscriptionTree {
  const folders = new Map<string, SubscriptionItem[]>();
  const loose: SubscriptionItem[] = [];
  for (const item of items) {
    if (item.category) {
      const list = folders.get(item.category) ?? [];
      list.push(item);
      folders.set(item.category, list);
    } else loose.push(item);
  }
  const grouped = [...folders].map(([name, list]) => ({
    name,
    items: list.sort(byTitle),
    unread: unread?.get(name) ?? list.reduce((sum, item) => sum + item.unread, 0),
  }));
  grouped.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
  return {
    folders: grouped,
    loose: loose.sort(byTitle),
    unread: unread?.get("") ?? items.reduce((sum, item) => sum + item.unread, 0),
  };
}

/** The subscriptions of one view, grouped by folder, with unread counts. */
export function subscriptionTree$(db: LocalDatabase, view: number): Observable<SubscriptionTree> {
  return liveQuery(db, SUBSCRIPTION_TABLES, async () => {
    const rows = await db.query<Row>(`${SUBSCRIPTIONS_SQL} WHERE s.view = ?`, [view]);
    const unread = await distinctUnreadBy(db, "COALESCE(s.category, '')", "s.view = ?", [view]);
    // Loose rows have no folder: the "" group here is the whole view.
    unread.set("", await distinctUnread(db, "s.view = ?", [view]));
    return groupSubscriptions(rows.map(toItem), unread);
  });
}

/** Every subscription, any view (quick add's category list, the timeline's titles). */
export function allSubscriptions$(db: LocalDatabase): Observable<SubscriptionItem[]> {
  return liveQuery(db, SUBSCRIPTION_TABLES, async () => {
    const rows = await db.query<Row>(SUBSCRIPTIONS_SQL);
    return rows.map(toItem);
  });
}

/** One subscription by its client-side id. */
export function subscription$(db: LocalDatabase, id: string): Observable<SubscriptionItem | null> {
  return liveQuery(db, SUBSCRIPTION_TABLES, async () => {
    const rows = await db.query<Row>(`${SUBSCRIPTIONS_SQL} WHERE s.id = ?`, [id]);
    return rows[0] ? toItem(rows[0]) : null;
  });
}

/** Unread totals per view (the view tabs' badges), views without unread entries left out. */
export function viewUnreadTotals$(db: LocalDatabase): Observable<Record<number, number>> {
  return liveQuery(db, ["subscriptions", "lists", "unread"], async () => {
    const totals: Record<number, number> = {};
    for (const [view, total] of await distinctUnreadBy(db, "s.view", "1 = 1", [])) {
      if (total > 0) totals[Number(view)] = total;
    }
    return totals;
  });
}

/** Starred entries in a view (the "Collections" row). */
export function starredCount$(db: LocalDatabase, view: number): Observable<number> {
  return liveQuery(db, ["collections"], async () => {
    const rows = await db.query<{ n: number }>(
      "SELECT COUNT(*) AS n FROM collections WHERE view = ?",
      [view],
    );
    return Number(rows[0]?.n ?? 0);
  });
}
