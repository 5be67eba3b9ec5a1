import type { EntryListItem } from "../../contract/reading-models.ts";
import { parseSearchQuery } from "../../contract/search/query.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { hideFeedSecrets } from "../routes/feed-url-privacy.ts";
import { listEntries } from "../storage/entry-queries.ts";
import { listSavedSearches } from "../storage/saved-searches.ts";
import { searchEntries } from "../storage/search.ts";
import { listSubscriptions } from "../storage/subscriptions.ts";
import type { PublishedFeedRecord } from "./store.ts";

/** A published feed carries the latest this many entries. */
export const PUBLISHED_ENTRIES = 50;

export interface PublishedTimeline {
  title: string;
  items: EntryListItem[];
}

/**
 * The owner's timeline a published feed stands for, through the web app's own queries (so the
 * same rules: only feeds open to the owner, never another person's inbox). Then, unless the
 * owner published them explicitly, entries of privately subscribed feeds and the owner's own
 * inbox mail are left out. Undefined when its target no longer exists.
 */
export async function publishedTimeline(
  database: DatabaseHandle,
  feed: PublishedFeedRecord,
): Promise<PublishedTimeline | undefined> {
  const { userId } = feed;
  const subscriptions = await listSubscriptions(database, userId);
  const base = { withContent: true, limit: PUBLISHED_ENTRIES } as const;
  let title: string;
  let items: EntryListItem[];
  switch (feed.kind) {
    case "starred":
      title = "Starred";
      items = await listEntries(database, userId, { ...base, isCollection: true });
      break;
    case "category": {
      const feedIdList = subscriptions
        .filter((s) => s.subscription.category === feed.target)
        .map((s) => s.feed.id);
      if (feedIdList.length === 0) return undefined;
      title = feed.target;
      items = await listEntries(database, userId, { ...base, feedIdList });
      break;
    }
    case "list": {
      const list = await database.db
        .selectFrom("list")
        .select(["id", "title"])
        .where("id", "=", feed.target)
        .where("owner_user_id", "=", userId)
        .executeTakeFirst();
      if (!list) return undefined;
      title = list.title ?? "List";
      items = await listEntries(database, userId, { ...base, listId: list.id });
      break;
    }
    case "saved_search": {
      const saved = (await listSavedSearches(database, userId)).find((s) => s.id === feed.target);
      const parsed = saved ? parseSearchQuery(saved.keyword) : undefined;
      if (!saved || !parsed?.ok) return undefined;
      title = saved.name;
      const { filters } = saved;
      const found = await searchEntries(database, userId, parsed.query, {
        ...(filters.view !== undefined ? { view: filters.view } : {}),
        ...(filters.feedIdList ? { feedIds: filters.feedIdList } : {}),
        ...(filters.category !== undefined ? { category: filters.category } : {}),
        ...(filters.unread !== undefined ? { unread: filters.unread } : {}),
        ...(filters.starred !== undefined ? { starred: filters.starred } : {}),
        newest: true,
        limit: PUBLISHED_ENTRIES,
        offset: 0,
      });
      items = found.hits as unknown as EntryListItem[];
      break;
    }
  }
  if (!feed.includePrivate) {
    const hidden = new Set(
      subscriptions.filter((s) => s.subscription.is_private).map((s) => s.feed.id),
    );
    items = items.filter(
      (item) =>
        !hidden.has(item.entries.feedId) &&
        !(item.feeds as { ownerUserId?: string | null }).ownerUserId,
    );
  }
  return { title, items: await hideFeedSecrets(database, userId, items) };
}
