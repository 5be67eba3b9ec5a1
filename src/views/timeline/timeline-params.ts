import {
  type FeedSelection,
  isPendingEntry,
  parseFeedIdParam,
  ROUTE_ENTRY_PENDING,
  viewFromTimelineId,
} from "../../../contract/routes.ts";
import { type FeedViewName, type FeedViewType, viewName } from "../../../contract/views.ts";

/** The timeline route's parameters, parsed (view, feed selection, open entry). */
export interface TimelineParams {
  view: FeedViewType;
  viewName: FeedViewName;
  feed: FeedSelection;
  /** The entry id, or "pending" when no entry is open. */
  entryId: string;
  entryPending: boolean;
}

export function readTimelineParams(
  timelineId: string,
  feedId: string,
  entryId?: string,
): TimelineParams {
  const view = viewFromTimelineId(timelineId);
  return {
    view,
    viewName: viewName(view),
    feed: parseFeedIdParam(feedId),
    entryId: isPendingEntry(entryId) ? ROUTE_ENTRY_PENDING : entryId!,
    entryPending: isPendingEntry(entryId),
  };
}

/** The selection's own value (folder name, list id, ids...) for display; "" for all/collections. */
export function feedSelectionValue(feed: FeedSelection): string {
  switch (feed.kind) {
    case "all":
    case "collections":
      return "";
    case "folder":
      return feed.name;
    case "list":
      return feed.listId;
    case "inbox":
      return feed.inboxId;
    case "search":
      return feed.searchId;
    case "tag":
      return feed.tag;
    case "feed":
      return feed.feedId;
    case "feeds":
      return feed.feedIds.join(",");
  }
}
