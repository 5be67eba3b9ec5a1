import { type InferResult, sql } from "kysely";
import type { Observable } from "rxjs";
import {
  type SubscriptionType,
  subscriptionsTable,
} from "../../contract/entities/subscription-table.ts";
import { local, type Select, select } from "../db/local-sql.ts";
import { liveQuery, liveSelect } from "../db/queries.ts";
import { selectRows } from "../db/select-rows.ts";
import type { LocalDatabase } from "../db/types.ts";
import {
  distinctUnread,
  distinctUnreadBy,
  scope,
  unreadByGroup,
  unreadTotal,
} from "./distinct-unread.ts";

/** Every table some of `selects` read: what a live query running them all watches. */
function readsOf(...selects: Select<unknown>[]): string[] {
  return [...new Set(selects.flatMap((query) => query.reads))];
}

/** One row of the subscription column. */
export interface SubscriptionItem {
  /** Client-side id `type/target`, or `pending/<commandId>` while a subscribe is in flight. */
  id: string;
  type: SubscriptionType;
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
  /** When a failing feed is tried next, if the server said. */
  nextRetryAt: string | null;
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

/** Subscriptions with what they follow; unread counts are keyed by the target id. */
const subscriptions = local
  .selectFrom("subscriptions as s")
  .leftJoin("feeds as f", "f.id", "s.feed_id")
  .leftJoin("lists as l", "l.id", "s.list_id")
  .leftJoin("inboxes as i", "i.id", "s.inbox_id")
  .leftJoin("unread as u", (join) =>
    join.on((eb) =>
      eb("u.subscription_id", "=", eb.fn.coalesce("s.feed_id", "s.list_id", "s.inbox_id")),
    ),
  )
  .select((eb) => [
    "s.id",
    "s.type",
    "s.feed_id",
    "s.list_id",
    "s.inbox_id",
    "s.view",
    "s.is_private",
    "s.title as sub_title",
    "s.category",
    "f.title as feed_title",
    "l.title as list_title",
    "i.title as inbox_title",
    "f.url",
    "f.site_url",
    eb.fn.coalesce("f.image", "l.image").as("image"),
    "f.error_at",
    "f.error_message",
    "f.next_retry_at",
    // A list's unread: the sum over its feeds when they are stored here, else its own count.
    eb
      .case()
      .when(eb.and([eb("s.list_id", "is not", null), eb("l.feed_ids", "is not", null)]))
      .then(
        eb
          .selectFrom(sql<{ value: string }>`json_each(${sql.ref("l.feed_ids")})`.as("j"))
          .innerJoin("unread as uf", "uf.subscription_id", "j.value")
          .select((sub) => sub.fn.coalesce(sub.fn.sum<number>("uf.count"), sub.lit(0)).as("n")),
      )
      .else(eb.fn.coalesce("u.count", eb.lit(0)))
      .end()
      .as("unread"),
  ]);

type Row = InferResult<typeof subscriptions>[number];

function toItem(row: Row): SubscriptionItem {
  const pending = row.id.startsWith("pending/");
  return {
    id: row.id,
    type: row.type,
    feedId: row.feed_id,
    listId: row.list_id,
    inboxId: row.inbox_id,
    view: Number(row.view),
    isPrivate: subscriptionsTable.decode({ is_private: row.is_private }).is_private,
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
    nextRetryAt: row.error_at ? row.next_retry_at : null,
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

const byView = (view: number) => scope("s.view", "=", view);

/** The subscriptions of one view, grouped by folder, with unread counts. */
export function subscriptionTree$(db: LocalDatabase, view: number): Observable<SubscriptionTree> {
  const rows = select(subscriptions.where("s.view", "=", view));
  const byFolder = distinctUnreadBy(scope.fn.coalesce("s.category", scope.val("")), byView(view));
  const total = distinctUnread(byView(view));
  return liveQuery(db, readsOf(rows, byFolder, total), async () => {
    const unread = unreadByGroup(await selectRows(db, byFolder));
    // Loose rows have no folder: the "" group here is the whole view.
    unread.set("", unreadTotal(await selectRows(db, total)));
    return groupSubscriptions((await selectRows(db, rows)).map(toItem), unread);
  });
}

/** Every subscription, any view (quick add's category list, the timeline's titles). */
export function allSubscriptions$(db: LocalDatabase): Observable<SubscriptionItem[]> {
  return liveSelect(db, select(subscriptions), (rows) => rows.map(toItem));
}

/** One subscription by its client-side id. */
export function subscription$(db: LocalDatabase, id: string): Observable<SubscriptionItem | null> {
  return liveSelect(db, select(subscriptions.where("s.id", "=", id)), ([row]) =>
    row ? toItem(row) : null,
  );
}

/** Unread totals per view (the view tabs' badges), views without unread entries left out. */
export function viewUnreadTotals$(db: LocalDatabase): Observable<Record<number, number>> {
  return liveSelect(db, distinctUnreadBy(scope.ref("s.view"), scope.lit(true)), (rows) => {
    const totals: Record<number, number> = {};
    for (const [view, total] of unreadByGroup(rows)) {
      if (total > 0) totals[Number(view)] = total;
    }
    return totals;
  });
}
/** Starred entries in a view (the "Collections" row). */
export function starredCount$(db: LocalDatabase, view: number): Observable<number> {
  const starred = local
    .selectFrom("collections")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("view", "=", view);
  return liveSelect(db, select(starred), ([row]) => Number(row?.n ?? 0));
}
