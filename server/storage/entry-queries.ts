import { type RawBuilder, sql } from "kysely";
import { ENTRIES_MAX_TIED_ROWS } from "../../contract/constants.ts";
import type { EntriesRequest } from "../../contract/reading.ts";
import type { EntryListItem } from "../../contract/reading-models.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { PREPARED_MARK } from "../db/prepared-pool.ts";
import type { FeedRow } from "../db/schema.ts";
import { parseEntrySettings } from "./actions.ts";
import { feedOpenTo, isOwnedByOther, isPublicFeed } from "./feed-access.ts";
import { listFeedIdsFor } from "./lists.ts";
import { type EntryModelRow, toEntryModel, toFeedModel } from "./mappers.ts";
import { toIso } from "./time.ts";

const DEFAULT_LIMIT = 20;

/**
 * The timeline query: entries of the user's subscriptions (or of their stars), newest first,
 * or oldest first with `order: "oldest"`. `publishedAfter` is the paging cursor the client
 * passes: the last item's publishedAt, so a page holds entries published strictly before it
 * (oldest first: strictly after it). With `publishedAfterId` too it is a keyset cursor that
 * reads on inside a run of entries sharing that time (a page ends inside one only past
 * ENTRIES_MAX_TIED_ROWS of them).
 *
 * The driving table is chosen so the newest-first index walk stops after `limit` matches:
 * entries (timeline), the user's unread rows (unread only) or the user's stars (collections).
 * `CROSS JOIN` pins that order on SQLite, whose planner would otherwise sort every subscribed
 * entry (3.7 s at 1M entries, see `npm run bench -- entries`); PostgreSQL plans it alike.
 */
export async function listEntries(
  database: DatabaseHandle,
  userId: string,
  filter: EntriesRequest,
): Promise<EntryListItem[]> {
  const mode = filter.listId
    ? "list"
    : filter.isCollection
      ? "collection"
      : filter.read === false
        ? "unread"
        : "entry";
  // Someone else's inbox serves nothing, whatever row (a subscription, a star) points at it.
  const conditions: RawBuilder<unknown>[] = [feedOpenTo(userId)];
  if (mode === "list") {
    conditions.push(sql`list_feed.list_id = ${filter.listId}`);
    // Through a list, only feeds the reader could read by id: an inbox or a feed whose URL holds
    // a secret shows to its owner or subscribers alone, whoever put it in the list and when.
    const readable = await listFeedIdsFor(database.db, filter.listId!, userId);
    conditions.push(
      readable.length > 0 ? sql`entry.feed_id in (${sql.join(readable)})` : sql`1 = 0`,
    );
    if (filter.read === false) conditions.push(sql`unread.entry_id is not null`);
  } else if (filter.view !== undefined) {
    // A literal (a validated small integer): a `$n` here is costed as a quarter of the rows, so
    // PostgreSQL would never keep its generic plan (see prepared-pool.ts).
    const view = sql.lit(Math.trunc(filter.view));
    conditions.push(
      mode === "collection" ? sql`collection.view = ${view}` : sql`subscription.view = ${view}`,
    );
  }
  const feedIds = filter.feedId ? [filter.feedId] : filter.feedIdList;
  if (feedIds) {
    conditions.push(feedIds.length > 0 ? sql`entry.feed_id in (${sql.join(feedIds)})` : sql`1 = 0`);
  }
  if (filter.read === true) conditions.push(sql`unread.entry_id is null`);
  if (filter.read === false && mode === "collection")
    conditions.push(sql`unread.entry_id is not null`);
  if (filter.excludePrivate) conditions.push(sql`coalesce(subscription.is_private, 0) = 0`);
  // Entries the user's action rules blocked stay out of timelines (stars are kept on purpose).
  // A `not exists`: PostgreSQL estimates the anti-join well, whereas a filter on a left-joined
  // row (`coalesce(blocked, 0) = 0`) it guessed kept 0.5 % of rows, and sorted the whole table.
  if (mode !== "collection") {
    conditions.push(
      sql`not exists (select 1 from entry_action where entry_action.user_id = ${userId} and entry_action.entry_id = entry.id and entry_action.blocked = 1)`,
    );
  }
  // The driving table's own columns, so the cursor and the tie below ride its index.
  const time = mode === "unread" ? sql`unread.published_at` : sql`entry.published_at`;
  const id = mode === "unread" ? sql`unread.entry_id` : sql`entry.id`;
  const oldestFirst = filter.order === "oldest";
  const beyond = sql.raw(oldestFirst ? ">" : "<");
  const cursor = toIso(filter.publishedAfter);
  if (cursor && filter.publishedAfterId) {
    // Keyset: on inside the run at the cursor's time, past the cursor's id (the bound alone
    // keeps the index range).
    const within = sql.raw(oldestFirst ? ">=" : "<=");
    conditions.push(
      sql`${time} ${within} ${cursor}`,
      sql`(${time} ${beyond} ${cursor} or ${id} ${beyond} ${filter.publishedAfterId})`,
    );
  } else if (cursor) conditions.push(sql`${time} ${beyond} ${cursor}`);
  const limit = filter.limit ?? DEFAULT_LIMIT;
  const select = (where: RawBuilder<unknown>[], rowLimit: number) =>
    selectPage(database, userId, mode, where, {
      withContent: Boolean(filter.withContent),
      limit: rowLimit,
      oldestFirst,
    });

  // One row more than asked tells whether the page ends inside a run of equal publish times.
  const rows = await select(conditions, limit + 1);
  const next = rows.length > limit ? rows.pop() : undefined;
  const last = rows.at(-1);
  // The next page starts strictly beyond the last publishedAt: entries sharing it must all be
  // on this page, or they could never be reached.
  if (next && last && next.published_at === last.published_at) {
    const tie = [
      ...conditions,
      sql`${time} = ${last.published_at}`,
      sql`${id} ${beyond} ${last.id}`,
    ];
    rows.push(...(await select(tie, ENTRIES_MAX_TIED_ROWS)));
  }

  return rows.map((row) => {
    const flags = row.a_settings ? parseEntrySettings(row.a_settings) : undefined;
    const item: EntryListItem = {
      entries: toEntryModel(row, Boolean(filter.withContent)),
      feeds: toFeedModel(feedOf(row)),
      read: row.unread_id === null,
      view: row.s_view ?? row.c_view ?? 0,
      ...(row.c_created_at ? { collections: { createdAt: row.c_created_at } } : {}),
      ...(flags ? { settings: flags } : {}),
    };
    return item;
  });
}

const PREPARED = sql.raw(PREPARED_MARK);

async function selectPage(
  database: DatabaseHandle,
  userId: string,
  mode: "collection" | "unread" | "entry" | "list",
  conditions: RawBuilder<unknown>[],
  {
    withContent,
    limit,
    oldestFirst,
  }: { withContent: boolean; limit: number; oldestFirst: boolean },
): Promise<ListRow[]> {
  const direction = sql.raw(oldestFirst ? "asc" : "desc");
  const extra = conditions.length > 0 ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  const source =
    mode === "unread"
      ? sql`from unread cross join entry cross join subscription
            join feed on feed.id = entry.feed_id
            left join collection on collection.entry_id = entry.id and collection.user_id = ${userId}
            where unread.user_id = ${userId} and entry.id = unread.entry_id
              and subscription.user_id = ${userId} and subscription.feed_id = unread.feed_id${extra}
            order by unread.published_at ${direction}, unread.entry_id ${direction}`
      : mode === "list"
        ? sql`from entry cross join list_feed
              join feed on feed.id = entry.feed_id
              left join subscription on subscription.feed_id = entry.feed_id and subscription.user_id = ${userId}
              left join unread on unread.entry_id = entry.id and unread.user_id = ${userId}
              left join collection on collection.entry_id = entry.id and collection.user_id = ${userId}
              where list_feed.feed_id = entry.feed_id${extra}
              order by entry.published_at ${direction}, entry.id ${direction}`
        : mode === "collection"
          ? sql`from collection cross join entry
              join feed on feed.id = entry.feed_id
              left join subscription on subscription.feed_id = entry.feed_id and subscription.user_id = ${userId}
              left join unread on unread.entry_id = entry.id and unread.user_id = ${userId}
              where collection.user_id = ${userId} and entry.id = collection.entry_id${extra}
              order by entry.published_at ${direction}, entry.id ${direction}`
          : sql`from entry cross join subscription
              join feed on feed.id = entry.feed_id
              left join unread on unread.entry_id = entry.id and unread.user_id = ${userId}
              left join collection on collection.entry_id = entry.id and collection.user_id = ${userId}
              where subscription.user_id = ${userId} and subscription.feed_id = entry.feed_id${extra}
              order by entry.published_at ${direction}, entry.id ${direction}`;

  // Only the columns the list items carry: `content` (often the bulk of a row) only on request.
  const entryColumns = withContent ? LIST_COLUMNS_WITH_CONTENT : LIST_COLUMNS;
  // A named statement on PostgreSQL, with a literal LIMIT so its generic plan is kept (see
  // prepared-pool.ts): planning cost 5x what running it did. `limit` is a validated integer.
  const { rows } = await sql<ListRow>`${PREPARED} select ${entryColumns},
      feed.id as f_id, feed.url as f_url, feed.title as f_title, feed.description as f_description,
      feed.image as f_image, feed.site_url as f_site_url, feed.owner_user_id as f_owner_user_id,
      feed.error_at as f_error_at, feed.error_message as f_error_message, feed.language as f_language,
      subscription.view as s_view, subscription.is_private as s_private,
      unread.entry_id as unread_id, collection.created_at as c_created_at, collection.view as c_view,
      (select entry_action.settings from entry_action
        where entry_action.user_id = ${userId} and entry_action.entry_id = entry.id) as a_settings
    ${source}
    limit ${sql.lit(Math.trunc(limit))}`.execute(database.db);
  return rows;
}

/** The entry columns `toEntryModel` reads (without `content`). */
const LIST_COLUMNS = sql.raw(
  (
    [
      "id",
      "feed_id",
      "guid",
      "title",
      "url",
      "description",
      "author",
      "author_url",
      "author_avatar",
      "language",
      "categories",
      "media",
      "attachments",
      "extra",
      "published_at",
      "inserted_at",
    ] satisfies Array<keyof EntryModelRow>
  )
    .map((column) => `entry.${column}`)
    .join(", "),
);
const LIST_COLUMNS_WITH_CONTENT = sql`${LIST_COLUMNS}, entry.content`;

interface ListRow extends EntryModelRow {
  f_id: string;
  f_url: string;
  f_title: string | null;
  f_description: string | null;
  f_image: string | null;
  f_site_url: string | null;
  f_owner_user_id: string | null;
  f_error_at: string | null;
  f_error_message: string | null;
  f_language: string | null;
  s_view: number | null;
  s_private: number | null;
  unread_id: string | null;
  c_created_at: string | null;
  c_view: number | null;
  a_settings: string | null;
}

/**
 * One entry the user may see, with its feed: of a feed they subscribe to, their own inbox's, one
 * they starred, or of a public feed in a list they follow. Never someone else's inbox entry, and
 * never a secret-URL feed's entry through a list alone, whatever rows were made before.
 */
export async function findVisibleEntry(database: DatabaseHandle, userId: string, entryId: string) {
  const row = await database.db
    .selectFrom("entry")
    .selectAll()
    .where("id", "=", entryId)
    .executeTakeFirst();
  if (!row) return undefined;
  const feed = await database.db
    .selectFrom("feed")
    .selectAll()
    .where("id", "=", row.feed_id)
    .executeTakeFirstOrThrow();
  if (isOwnedByOther(feed, userId)) return undefined;
  if (feed.owner_user_id === userId) return { entry: row, feed };
  const db = database.db;
  const direct = await db
    .selectFrom("subscription")
    .select("feed_id as id")
    .where("user_id", "=", userId)
    .where("feed_id", "=", row.feed_id)
    .union(
      db
        .selectFrom("collection")
        .select("entry_id as id")
        .where("user_id", "=", userId)
        .where("entry_id", "=", entryId),
    )
    .executeTakeFirst();
  if (direct) return { entry: row, feed };
  if (!isPublicFeed(feed)) return undefined;
  const listed = await db
    .selectFrom("list_subscription")
    .innerJoin("list_feed", "list_feed.list_id", "list_subscription.list_id")
    .select("list_feed.feed_id")
    .where("list_subscription.user_id", "=", userId)
    .where("list_feed.feed_id", "=", row.feed_id)
    .executeTakeFirst();
  return listed ? { entry: row, feed } : undefined;
}

function feedOf(row: ListRow): FeedRow {
  return feedOfColumns(row, row.f_id);
}

/** The feed of a joined entry row, from its `f_`-prefixed columns (timeline and search). */
export function feedOfColumns(
  row: Pick<
    ListRow,
    | "f_url"
    | "f_title"
    | "f_description"
    | "f_image"
    | "f_site_url"
    | "f_owner_user_id"
    | "f_error_at"
    | "f_error_message"
    | "f_language"
  >,
  id: string,
): FeedRow {
  return {
    id,
    url: row.f_url,
    title: row.f_title,
    description: row.f_description,
    image: row.f_image,
    site_url: row.f_site_url,
    owner_user_id: row.f_owner_user_id,
    error_at: row.f_error_at,
    error_message: row.f_error_message,
    language: row.f_language,
  } as FeedRow;
}
