import type { FeedViewType } from "../../contract/views.ts";
import type { ReaderServices } from "../runtime/start-runtime.ts";
import type { SubscriptionItem, TimelineQuery } from "./queries/index.ts";
import { keepVisible } from "./timeline/sticky-reads.ts";

/** Marks entries read (they stay in the list they were read from). */
export function markEntriesRead(reader: ReaderServices, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve();
  keepVisible(ids);
  return reader.dispatch("entries.markRead", { entryIds: [...ids] }).then(() => undefined);
}

export function setEntryRead(reader: ReaderServices, id: string, read: boolean) {
  if (read) return markEntriesRead(reader, [id]);
  return reader.dispatch("entries.markUnread", { entryId: id }).then(() => undefined);
}

export function setEntryStarred(
  reader: ReaderServices,
  entry: { id: string; feedId: string | null; view: number | null },
  starred: boolean,
) {
  if (!starred) return reader.dispatch("collections.unstar", { entryId: entry.id });
  return reader.dispatch("collections.star", {
    entryId: entry.id,
    ...(entry.feedId ? { feedId: entry.feedId } : {}),
    ...(entry.view !== null ? { view: entry.view as FeedViewType } : {}),
  });
}

/**
 * Mark all read for what a timeline shows. Private subscriptions are left out (SPEC §6), except
 * for a single feed the user opened. Returns false when the selection has no such command
 * (collections, lists, inboxes).
 */
export function markTimelineRead(
  reader: ReaderServices,
  query: TimelineQuery,
  subscriptions: readonly SubscriptionItem[],
): boolean {
  const { feed } = query;
  const view = query.view as FeedViewType;
  switch (feed.kind) {
    case "all":
      void reader.dispatch("entries.markAllRead", { view, excludePrivate: true });
      return true;
    case "folder": {
      const ids = subscriptions.flatMap((s) =>
        s.category === feed.name && s.view === view && s.feedId && !s.isPrivate ? [s.feedId] : [],
      );
      if (ids.length === 0) return false;
      void reader.dispatch("entries.markAllRead", { feedIdList: ids, excludePrivate: true });
      return true;
    }
    case "feed":
      void reader.dispatch("entries.markAllRead", { feedId: feed.feedId });
      return true;
    case "feeds":
      if (feed.feedIds.length === 0) return false;
      void reader.dispatch("entries.markAllRead", {
        feedIdList: feed.feedIds,
        excludePrivate: true,
      });
      return true;
    default:
      return false;
  }
}

export function canMarkTimelineRead(query: TimelineQuery): boolean {
  return ["all", "folder", "feed", "feeds"].includes(query.feed.kind);
}
