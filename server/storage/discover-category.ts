import { type RawBuilder, sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRow, ListRow } from "../db/schema.ts";
import { unownedFeed } from "./feed-access.ts";

/** A folder name compared the way categoryFolderKeys() writes keys. */
const folderKey = (column: string) =>
  sql`lower(replace(replace(trim(${sql.ref(column)}), ' ', '-'), '_', '-'))`;

/**
 * Feeds of a category, most followed first: those that someone following publicly keeps in a
 * folder of the category (`keys`), or, with no keys ("popular"), every publicly followed feed.
 */
export async function categoryFeeds(
  database: DatabaseHandle,
  keys: readonly string[] | null,
  limit: number,
): Promise<Array<{ feed: FeedRow; subscribers: number }>> {
  const tagged: RawBuilder<unknown> = keys
    ? sql`exists (select 1 from subscription t where t.feed_id = feed.id and t.is_private = 0
        and ${folderKey("t.category")} in (${sql.join(keys)}))`
    : sql`exists (select 1 from subscription p where p.feed_id = feed.id and p.is_private = 0)`;
  return mostFollowedFeeds(database, tagged, limit);
}

/** Lists of a category, most followed first: kept in a folder of it by a public follower. */
export async function categoryLists(
  database: DatabaseHandle,
  keys: readonly string[] | null,
  limit: number,
): Promise<Array<{ list: ListRow; subscribers: number }>> {
  const tagged: RawBuilder<unknown> = keys
    ? sql`exists (select 1 from list_subscription t where t.list_id = list.id and t.is_private = 0
        and ${folderKey("t.category")} in (${sql.join(keys)}))`
    : sql`1 = 1`;
  const { rows } = await sql<ListRow & { subscribers: number | string }>`
    select list.*, count(s.user_id) as subscribers
    from list join list_subscription s on s.list_id = list.id
    where ${tagged}
    group by list.id
    order by count(s.user_id) desc, list.id
    limit ${sql.lit(limit)}`.execute(database.db);
  return rows.map(({ subscribers, ...list }) => ({
    list: list as ListRow,
    subscribers: Number(subscribers),
  }));
}

/** Publicly followed feeds served by the feed-route instance at `prefix`, most followed first. */
export async function routeFeeds(
  database: DatabaseHandle,
  prefix: string,
  limit: number,
): Promise<Array<{ feed: FeedRow; subscribers: number }>> {
  const needle = `${prefix.replace(/[!%_]/g, (c) => `!${c}`)}/%`;
  return mostFollowedFeeds(
    database,
    sql`feed.url like ${needle} escape '!'
      and exists (select 1 from subscription p where p.feed_id = feed.id and p.is_private = 0)`,
    limit,
  );
}

/** Feeds matching `where`, with how many follow each, most followed first (never an inbox). */
async function mostFollowedFeeds(
  database: DatabaseHandle,
  where: RawBuilder<unknown>,
  limit: number,
): Promise<Array<{ feed: FeedRow; subscribers: number }>> {
  const { rows } = await sql<FeedRow & { subscribers: number | string }>`
    select feed.*, count(s.user_id) as subscribers
    from feed join subscription s on s.feed_id = feed.id
    where ${where} and ${unownedFeed()}
    group by feed.id
    order by count(s.user_id) desc, feed.id
    limit ${sql.lit(limit)}`.execute(database.db);
  return rows.map(({ subscribers, ...feed }) => ({
    feed: feed as FeedRow,
    subscribers: Number(subscribers),
  }));
}
