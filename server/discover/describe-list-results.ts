import type { DiscoverListItem } from "../../contract/api/discover.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { updatesPerWeek } from "../jobs/schedule.ts";
import type { FoundList } from "../storage/discover-lists.ts";
import { isPublicFeed } from "../storage/feed-access.ts";
import { listFeedIds } from "../storage/lists.ts";
import { toEntryModel } from "../storage/mappers.ts";
import { describeLists } from "./describe.ts";

const PREVIEW_ENTRIES = 3;
/** Entries looked at to say how often a list's feeds publish. */
const RECENT_SCANNED = 200;

/**
 * Lists found by words, each with its newest entries and how often its feeds publish. An inbox or
 * a feed whose URL carries a credential lends no entries to the preview (only public feeds do).
 */
export async function describeListResults(
  database: DatabaseHandle,
  userId: string,
  found: readonly FoundList[],
): Promise<DiscoverListItem[]> {
  const lists = await describeLists(
    database,
    userId,
    found.map((f) => ({ list: f.list, subscribers: f.subscribers, score: f.score })),
  );
  const items: DiscoverListItem[] = [];
  for (const [i, item] of lists.entries()) {
    const feedIds = await shownFeedIds(database, await listFeedIds(database.db, item.list.id));
    const recent = feedIds.length
      ? await database.db
          .selectFrom("entry")
          .selectAll()
          .where("feed_id", "in", feedIds)
          .orderBy("published_at", "desc")
          .orderBy("id", "desc")
          .limit(RECENT_SCANNED)
          .execute()
      : [];
    const perWeek = updatesPerWeek(recent.map((r) => r.published_at));
    items.push({
      ...item,
      entries: recent.slice(0, PREVIEW_ENTRIES).map((row) => toEntryModel(row, false)),
      updatesPerWeek: perWeek,
      analytics: {
        updatesPerWeek: perWeek,
        subscriptionCount: item.subscriptionCount,
        latestEntryPublishedAt: found[i]?.latestEntryAt ?? recent[0]?.published_at ?? null,
      },
    });
  }
  return items;
}

async function shownFeedIds(database: DatabaseHandle, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await database.db
    .selectFrom("feed")
    .select(["id", "url", "owner_user_id"])
    .where("id", "in", ids)
    .execute();
  return rows.filter(isPublicFeed).map((r) => r.id);
}
