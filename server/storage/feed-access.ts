import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database, FeedRow } from "../db/schema.ts";
import { feedUrlHasSecret } from "../feed-url-secrets.ts";
import { StorageRefusal } from "./errors.ts";

/**
 * Who may reach a feed: the one rule every path (by URL, by id, through a list, an entry id, a
 * listing) asks, so a new path cannot forget it.
 *
 * - A feed with an owner (an inbox, `inbox://<handle>`) is its owner's alone: to anyone else it
 *   does not exist, whether asked by URL, by id or through a list, so a handle is not confirmed.
 * - A feed whose URL carries a secret (see feed-url-secrets.ts) is reached by those who know the
 *   URL: asked by that URL, or subscribed to it. By id or through someone's list, it is not.
 * - Every other feed is public: anyone may find it, preview it and read it through a list.
 */

type Db = Kysely<Database> | Transaction<Database>;
type FeedFacts = Pick<FeedRow, "url" | "owner_user_id">;

const INBOX_URL = /^inbox:\/\//i;
const INBOX_URL_LIKE = "inbox://%";

/** Whether the URL names an inbox (these are never discovered: an inbox is made, not fetched). */
export function isInboxUrl(url: string): boolean {
  return INBOX_URL.test(url.trim());
}

/** Someone else's own feed (an inbox); an inbox feed left without an owner is nobody's. */
export function isOwnedByOther(feed: FeedFacts, userId: string): boolean {
  if (feed.owner_user_id !== null) return feed.owner_user_id !== userId;
  return isInboxUrl(feed.url);
}

/** A feed anyone may find, preview or read through a list without knowing its URL. */
export function isPublicFeed(feed: FeedFacts): boolean {
  return feed.owner_user_id === null && !isInboxUrl(feed.url) && !feedUrlHasSecret(feed.url);
}

/** The refusal for a feed the user may not reach: the same as for one that does not exist. */
export function feedNotFound(): StorageRefusal {
  return new StorageRefusal(2001);
}

/**
 * The feed, unless it is missing or someone else's own: 2001 either way. Enough for a feed asked
 * for by its URL (the user knows it); by id, see readableFeedIds.
 */
export function feedOrNotFound<F extends FeedFacts>(feed: F | undefined, userId: string): F {
  if (!feed || isOwnedByOther(feed, userId)) throw feedNotFound();
  return feed;
}

/**
 * SQL condition on a joined `feed` row: not someone else's own feed. For timelines, search and
 * entry lookups, so subscriptions, list rows or stars made before this rule held serve nothing.
 * `user` is the reader's id, or a column holding it (`sql.ref("subscription.user_id")`) where
 * a feed's audience is picked (unread marks, rules, notifications of new entries).
 */
export function feedOpenTo(
  user: string | RawBuilder<unknown>,
  table = "feed",
): RawBuilder<boolean> {
  const owner = sql.ref(`${table}.owner_user_id`);
  const url = sql.ref(`${table}.url`);
  return sql<boolean>`(${owner} = ${user} or (${owner} is null and ${url} not like ${INBOX_URL_LIKE}))`;
}

/** SQL condition on a joined `feed` row: a feed without an owner (listings offer no inbox). */
export function unownedFeed(table = "feed"): RawBuilder<boolean> {
  const owner = sql.ref(`${table}.owner_user_id`);
  const url = sql.ref(`${table}.url`);
  return sql<boolean>`(${owner} is null and ${url} not like ${INBOX_URL_LIKE})`;
}

/**
 * Of these feed ids, those the user may read without asking by URL (by id, through a list):
 * public feeds, their own, and secret-URL feeds they subscribe to. Unknown ids are left out.
 */
export async function readableFeedIds(
  db: Db,
  userId: string,
  feedIds: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(feedIds)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .selectFrom("feed")
    .leftJoin("subscription", (join) =>
      join.onRef("subscription.feed_id", "=", "feed.id").on("subscription.user_id", "=", userId),
    )
    .select(["feed.id", "feed.url", "feed.owner_user_id", "subscription.user_id as subscriber"])
    .where("feed.id", "in", unique)
    .execute();
  return new Set(
    rows
      .filter(
        (row) =>
          !isOwnedByOther(row, userId) &&
          (isPublicFeed(row) || row.owner_user_id === userId || row.subscriber !== null),
      )
      .map((row) => row.id),
  );
}

/** Of these feed ids, those that are not someone else's own (unknown ids are left out). */
export async function openFeedIds(
  db: Db,
  userId: string,
  feedIds: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(feedIds)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .selectFrom("feed")
    .select(["id", "url", "owner_user_id"])
    .where("id", "in", unique)
    .execute();
  return new Set(rows.filter((row) => !isOwnedByOther(row, userId)).map((row) => row.id));
}

/**
 * Of these people (a feed's subscribers and list followers), those who may read its new entries
 * and so get unread marks for them: everyone for a public feed, the owner alone for an inbox,
 * the subscribers alone for a feed whose URL holds a secret.
 */
export async function feedAudience(
  db: Db,
  feedId: string,
  userIds: readonly string[],
): Promise<string[]> {
  const feed = await db
    .selectFrom("feed")
    .select(["url", "owner_user_id"])
    .where("id", "=", feedId)
    .executeTakeFirst();
  if (!feed) return [];
  if (isPublicFeed(feed)) return [...userIds];
  if (feed.owner_user_id !== null || isInboxUrl(feed.url)) {
    return userIds.filter((id) => id === feed.owner_user_id);
  }
  const subscribers = await db
    .selectFrom("subscription")
    .select("user_id")
    .where("feed_id", "=", feedId)
    .execute();
  const subscribed = new Set(subscribers.map((row) => row.user_id));
  return userIds.filter((id) => subscribed.has(id));
}

/** One feed by id, if the user may read it by id (see readableFeedIds); else 2001, as if missing. */
export async function readableFeedById(
  database: DatabaseHandle,
  userId: string,
  feedId: string,
): Promise<FeedRow> {
  const readable = await readableFeedIds(database.db, userId, [feedId]);
  const feed = readable.has(feedId)
    ? await database.db.selectFrom("feed").selectAll().where("id", "=", feedId).executeTakeFirst()
    : undefined;
  if (!feed) throw feedNotFound();
  return feed;
}
