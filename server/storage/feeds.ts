import type { DatabaseHandle } from "../db/connect.ts";
import type { EntryRow, FeedRow } from "../db/schema.ts";
import type { NormalizedFeed } from "../feed-model.ts";
import { nextEntityId } from "./ids.ts";
import { nowIso } from "./time.ts";

export function findFeedById(database: DatabaseHandle, id: string): Promise<FeedRow | undefined> {
  return database.db.selectFrom("feed").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findFeedByUrl(database: DatabaseHandle, url: string): Promise<FeedRow | undefined> {
  return database.db.selectFrom("feed").selectAll().where("url", "=", url).executeTakeFirst();
}

/** Creates the feed, or refreshes its metadata when its URL is already known. */
export async function upsertFeed(
  database: DatabaseHandle,
  feed: NormalizedFeed,
  fetch: { etag: string | null; lastModified: string | null },
): Promise<FeedRow> {
  const now = nowIso();
  const values = {
    title: feed.title,
    description: feed.description,
    image: feed.image,
    site_url: feed.siteUrl,
    language: feed.language,
    etag: fetch.etag,
    last_modified: fetch.lastModified,
    checked_at: now,
    error_at: null,
    error_message: null,
    failure_count: 0,
    updated_at: now,
  };
  const existing = await findFeedByUrl(database, feed.url);
  if (existing) {
    await database.db.updateTable("feed").set(values).where("id", "=", existing.id).execute();
    return { ...existing, ...values };
  }
  const row: FeedRow = {
    ...values,
    id: nextEntityId(),
    url: feed.url,
    owner_user_id: null,
    body_hash: null,
    next_check_at: now,
    lease_owner: null,
    lease_until: null,
    created_at: now,
  };
  await database.db
    .insertInto("feed")
    .values(row)
    .onConflict((oc) => oc.column("url").doNothing())
    .execute();
  // A concurrent subscriber may have inserted the same URL first: read back the winner.
  return (await findFeedByUrl(database, feed.url)) ?? row;
}

export async function subscriberCount(database: DatabaseHandle, feedId: string): Promise<number> {
  const row = await database.db
    .selectFrom("subscription")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("feed_id", "=", feedId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A feed's newest entries, list form (the feed preview). */
export function latestEntries(
  database: DatabaseHandle,
  feedId: string,
  limit: number,
): Promise<EntryRow[]> {
  return database.db
    .selectFrom("entry")
    .selectAll()
    .where("feed_id", "=", feedId)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Which of these feeds the user subscribes to. */
export async function subscribedFeedIds(
  database: DatabaseHandle,
  userId: string,
  feedIds: readonly string[],
): Promise<Set<string>> {
  if (feedIds.length === 0) return new Set();
  const rows = await database.db
    .selectFrom("subscription")
    .select("feed_id")
    .where("user_id", "=", userId)
    .where("feed_id", "in", [...feedIds])
    .execute();
  return new Set(rows.map((row) => row.feed_id));
}
