import { type RawBuilder, sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import { feedOpenTo } from "../storage/feed-access.ts";

/** Fever answers items 50 at a time. */
export const ITEMS_PER_PAGE = 50;

/** Which items a Fever `items` call asks for. */
export type ItemsAsk =
  | { kind: "since"; since: number }
  | { kind: "max"; max: number }
  | { kind: "ids"; ids: readonly number[] };

export interface ItemRow {
  number: number;
  entryId: string;
  feedId: string;
  title: string | null;
  author: string | null;
  html: string;
  url: string | null;
  publishedAt: string;
  read: boolean;
  saved: boolean;
}

/**
 * Whether the person may still see the entry behind a numbered item: of a feed they subscribe
 * to that is open to them (never another person's inbox), or one they starred; and not blocked
 * by their own action rules unless starred. The web app's timeline rules, in one condition.
 */
function reachable(userId: string): RawBuilder<boolean> {
  return sql<boolean>`(
    exists (select 1 from collection where collection.user_id = ${userId} and collection.entry_id = entry.id)
    or (exists (select 1 from subscription where subscription.user_id = ${userId} and subscription.feed_id = entry.feed_id)
        and ${feedOpenTo(userId)}
        and not exists (select 1 from entry_action where entry_action.user_id = ${userId}
          and entry_action.entry_id = entry.id and entry_action.blocked = 1)))`;
}

const FROM = (userId: string) => sql`from fever_id
  join entry on entry.id = fever_id.ref
  join feed on feed.id = entry.feed_id
  where fever_id.user_id = ${userId} and fever_id.kind = 'item' and ${reachable(userId)}`;

/** One page of items: above since_id oldest first, below max_id newest first, or by ids. */
export async function readItems(
  database: DatabaseHandle,
  userId: string,
  ask: ItemsAsk,
): Promise<ItemRow[]> {
  const where =
    ask.kind === "since"
      ? sql`and fever_id.number > ${ask.since} order by fever_id.number asc`
      : ask.kind === "max"
        ? sql`and fever_id.number < ${ask.max} order by fever_id.number desc`
        : ask.ids.length > 0
          ? sql`and fever_id.number in (${sql.join([...ask.ids])}) order by fever_id.number asc`
          : undefined;
  if (!where) return [];
  const { rows } = await sql<{
    number: number | string;
    id: string;
    feed_id: string;
    title: string | null;
    author: string | null;
    content: string | null;
    description: string | null;
    url: string | null;
    published_at: string;
    unread: string | null;
    saved: string | null;
  }>`select fever_id.number, entry.id, entry.feed_id, entry.title, entry.author, entry.content,
      entry.description, entry.url, entry.published_at,
      (select unread.entry_id from unread where unread.user_id = ${userId} and unread.entry_id = entry.id) as unread,
      (select collection.entry_id from collection where collection.user_id = ${userId} and collection.entry_id = entry.id) as saved
    ${FROM(userId)} ${where} limit ${sql.lit(ITEMS_PER_PAGE)}`.execute(database.db);
  return rows.map((row) => ({
    number: Number(row.number),
    entryId: row.id,
    feedId: row.feed_id,
    title: row.title,
    author: row.author,
    html: row.content ?? row.description ?? "",
    url: row.url,
    publishedAt: row.published_at,
    read: row.unread === null,
    saved: row.saved !== null,
  }));
}

/** How many items the person has numbers for (Fever's `total_items`; a count, not a scan). */
export async function countItems(database: DatabaseHandle, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from fever_id
    where user_id = ${userId} and kind = 'item'`.execute(database.db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The numbers of the person's unread (or starred) items, ascending: driven by their unread (or
 * star) rows, each looked up by its entry, then held to the same reach as the items.
 */
export async function itemNumbers(
  database: DatabaseHandle,
  userId: string,
  which: "unread" | "saved",
): Promise<number[]> {
  const driver =
    which === "unread"
      ? sql`from unread cross join fever_id
          join entry on entry.id = fever_id.ref
          join feed on feed.id = entry.feed_id
          where unread.user_id = ${userId} and fever_id.user_id = ${userId}
            and fever_id.kind = 'item' and fever_id.ref = unread.entry_id`
      : sql`from collection cross join fever_id
          join entry on entry.id = fever_id.ref
          join feed on feed.id = entry.feed_id
          where collection.user_id = ${userId} and fever_id.user_id = ${userId}
            and fever_id.kind = 'item' and fever_id.ref = collection.entry_id`;
  const { rows } = await sql<{ number: number | string }>`select fever_id.number ${driver}
    and ${reachable(userId)} order by fever_id.number`.execute(database.db);
  return rows.map((row) => Number(row.number));
}
