import type { DiscoverItem, DiscoverList } from "../../contract/api/discover.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRow, ListRow } from "../db/schema.ts";
import { updatesPerWeek } from "../jobs/schedule.ts";
import { isOwnedByOther, isPublicFeed } from "../storage/feed-access.ts";
import { recentPublishedAt } from "../storage/feed-leases.ts";
import { latestEntries, subscribedFeedIds, subscriberCount } from "../storage/feeds.ts";
import { listFeedIdsFor, toListModel } from "../storage/lists.ts";
import { toEntryModel, toFeedModel } from "../storage/mappers.ts";
import { findPublicProfiles } from "../storage/users.ts";

const PREVIEW_ENTRIES = 3;

/** Each feed with its liveliness and newest entries; private feeds only for those who may see them. */
export async function describeFeeds(
  database: DatabaseHandle,
  userId: string,
  feeds: readonly FeedRow[],
  askedByUrl: boolean,
  counts?: Map<string, number>,
): Promise<DiscoverItem[]> {
  const mine = await subscribedFeedIds(
    database,
    userId,
    feeds.map((f) => f.id),
  );
  const items: DiscoverItem[] = [];
  for (const feed of feeds) {
    // Someone else's inbox is never described (the callers' queries leave it out already).
    if (isOwnedByOther(feed, userId)) continue;
    const subscribed = mine.has(feed.id);
    // Asked by its URL, the user knows it; found otherwise, a feed whose URL holds a secret is
    // for its subscribers only, like an inbox for its owner.
    if (!askedByUrl && !subscribed && !isPublicFeed(feed)) continue;
    const recent = await recentPublishedAt(database, feed.id, 200);
    const entries = await latestEntries(database, feed.id, PREVIEW_ENTRIES);
    const subscriptionCount = counts?.get(feed.id) ?? (await subscriberCount(database, feed.id));
    const perWeek = updatesPerWeek(recent);
    const model = toFeedModel(feed);
    items.push({
      feed: model,
      entries: entries.map((row) => toEntryModel(row, false)),
      subscriptionCount,
      updatesPerWeek: perWeek,
      analytics: {
        updatesPerWeek: perWeek,
        subscriptionCount,
        latestEntryPublishedAt: recent[0] ?? null,
      },
      subscribed,
    });
  }
  return items;
}

/** Each list with its owner, follower count and whether the asking user follows it. */
export async function describeLists(
  database: DatabaseHandle,
  userId: string,
  lists: ReadonlyArray<{ list: ListRow; subscribers: number; score?: number }>,
): Promise<DiscoverList[]> {
  if (lists.length === 0) return [];
  const ids = lists.map((l) => l.list.id);
  const owners = await findPublicProfiles(
    database,
    lists.map((l) => l.list.owner_user_id),
  );
  const followed = new Set(
    (
      await database.db
        .selectFrom("list_subscription")
        .select("list_id")
        .where("user_id", "=", userId)
        .where("list_id", "in", ids)
        .execute()
    ).map((r) => r.list_id),
  );
  const items: DiscoverList[] = [];
  for (const { list, subscribers, score } of lists) {
    items.push({
      list: toListModel(list, await listFeedIdsFor(database.db, list.id, userId), subscribers),
      owner: owners[list.owner_user_id] ?? null,
      subscriptionCount: subscribers,
      subscribed: followed.has(list.id),
      score: score ?? 0,
    });
  }
  return items;
}
