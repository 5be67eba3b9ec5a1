import type { FeedSelection } from "../../../contract/routes.ts";
import type { SubscriptionItem } from "../../queries/index.ts";

/**
 * What an empty timeline says. A user without any subscription is welcomed (quick add,
 * Discover), not told to turn off "Unread only"; "All caught up" only when the selection's
 * badge agrees there is nothing unread. A badge above zero with no rows here means the
 * entries have not reached this browser yet.
 */
export type EmptyTimeline =
  | { kind: "welcome" }
  | { kind: "unreadNotHere"; unread: number }
  | { kind: "allRead" }
  | { kind: "noEntries" };

export function emptyTimeline(input: {
  subscriptions: readonly SubscriptionItem[];
  feed: FeedSelection;
  view: number;
  unreadOnly: boolean;
}): EmptyTimeline {
  if (input.subscriptions.length === 0) return { kind: "welcome" };
  const unread = selectionUnread(input.subscriptions, input.feed, input.view);
  if (unread > 0) return { kind: "unreadNotHere", unread };
  return input.unreadOnly ? { kind: "allRead" } : { kind: "noEntries" };
}

/** The unread count the subscription column shows for a selection (its badge). */
export function selectionUnread(
  subscriptions: readonly SubscriptionItem[],
  feed: FeedSelection,
  view: number,
): number {
  const inSelection = (item: SubscriptionItem): boolean => {
    switch (feed.kind) {
      case "all":
        return item.view === view;
      case "folder":
        return item.view === view && item.category === feed.name;
      case "feed":
        return item.feedId === feed.feedId;
      case "feeds":
        return item.feedId !== null && feed.feedIds.includes(item.feedId);
      case "list":
        return item.listId === feed.listId;
      case "inbox":
        return item.inboxId === feed.inboxId;
      case "collections":
      // Starred entries, read or not: no unread badge to agree with.
      case "search":
      // Tagged entries of any feed: no subscription's badge adds up to them.
      case "tag":
        return false;
    }
  };
  return subscriptions.reduce((sum, item) => (inSelection(item) ? sum + item.unread : sum), 0);
}
