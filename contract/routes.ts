import { FeedViewType, isFeedViewType } from "./views.ts";

/** Route parameter forms. */
export const ROUTE_ENTRY_PENDING = "pending";
export const ROUTE_FEED_ALL = "all";
export const ROUTE_FEED_COLLECTIONS = "collections";
export const ROUTE_FEED_FOLDER_PREFIX = "folder-";
export const ROUTE_FEED_LIST_PREFIX = "list-";
export const ROUTE_FEED_INBOX_PREFIX = "inbox-";
export const ROUTE_TIMELINE_VIEW_PREFIX = "view-";
/** A saved search opened as a timeline: `search-{id}`. */
export const ROUTE_FEED_SEARCH_PREFIX = "search-";
/** The entries carrying one of the person's tags: `tag-{name}`. */
export const ROUTE_FEED_TAG_PREFIX = "tag-";
/** One feed whose id could be read as another form, or is a dot segment a URL drops: `feed-{id}`. */
export const ROUTE_FEED_FEED_PREFIX = "feed-";

const ROUTE_FEED_PREFIXES = [
  ROUTE_FEED_FOLDER_PREFIX,
  ROUTE_FEED_LIST_PREFIX,
  ROUTE_FEED_INBOX_PREFIX,
  ROUTE_FEED_SEARCH_PREFIX,
  ROUTE_FEED_TAG_PREFIX,
  ROUTE_FEED_FEED_PREFIX,
];

/** Whether a feed id written bare would read back as something else (or be normalised away). */
function bareFeedIdIsAmbiguous(feedId: string): boolean {
  return (
    feedId === "" ||
    feedId === "." ||
    feedId === ".." ||
    feedId === ROUTE_FEED_ALL ||
    feedId === ROUTE_FEED_COLLECTIONS ||
    feedId.includes(",") ||
    ROUTE_FEED_PREFIXES.some((prefix) => feedId.startsWith(prefix))
  );
}

/** App pages that palette entries and shortcuts open; not API paths. */
export const PAGE_PATHS = {
  discover: "/discover",
  settings: "/settings",
  generalSettings: "/settings/general",
  appearanceSettings: "/settings/appearance",
  shortcutSettings: "/settings/shortcuts",
  actionsSettings: "/settings/actions",
  privacySettings: "/settings/privacy",
  powerSettings: "/settings/power",
  rsshub: "/rsshub",
} as const;

/** The Actions and Power pages, reached from the subscription column's footer. */
export const ACTIONS_PATH = "/action";
export const POWER_PATH = "/power";

/** The Highlights page: every highlight and note, by entry, feed, tag and date. */
export const HIGHLIGHTS_PATH = "/highlights";

/** The daily AI report's page (its palette entry is labelled from the `ai` namespace). */
export const DAILY_REPORT_PATH = "/daily-report";

/** App pages that are not palette entries: a discover category, the account settings. */
export const DISCOVER_CATEGORY_ROUTE = "/discover/category/$category";
/** A list's public page (its id as `listId`). */
export const DISCOVER_LIST_ROUTE = "/discover/list/$listId";
export const ACCOUNT_SETTINGS_PATH = "/settings/account";

export type FeedSelection =
  | { kind: "all" }
  | { kind: "collections" }
  | { kind: "folder"; name: string }
  | { kind: "list"; listId: string }
  | { kind: "inbox"; inboxId: string }
  | { kind: "search"; searchId: string }
  | { kind: "tag"; tag: string }
  | { kind: "feed"; feedId: string }
  | { kind: "feeds"; feedIds: string[] };

/**
 * Reads the feedId route parameter in any of its forms. Takes the router's already-decoded value:
 * decoding again would corrupt folder names holding "%" (e.g. "a%20b").
 */
export function parseFeedIdParam(value: string): FeedSelection {
  if (value === ROUTE_FEED_ALL || value === "") return { kind: "all" };
  if (value === ROUTE_FEED_COLLECTIONS) return { kind: "collections" };
  if (value.startsWith(ROUTE_FEED_FOLDER_PREFIX)) {
    return { kind: "folder", name: value.slice(ROUTE_FEED_FOLDER_PREFIX.length) };
  }
  if (value.startsWith(ROUTE_FEED_LIST_PREFIX)) {
    return { kind: "list", listId: value.slice(ROUTE_FEED_LIST_PREFIX.length) };
  }
  if (value.startsWith(ROUTE_FEED_INBOX_PREFIX)) {
    return { kind: "inbox", inboxId: value.slice(ROUTE_FEED_INBOX_PREFIX.length) };
  }
  if (value.startsWith(ROUTE_FEED_SEARCH_PREFIX)) {
    return { kind: "search", searchId: value.slice(ROUTE_FEED_SEARCH_PREFIX.length) };
  }
  if (value.startsWith(ROUTE_FEED_TAG_PREFIX)) {
    return { kind: "tag", tag: value.slice(ROUTE_FEED_TAG_PREFIX.length) };
  }
  if (value.startsWith(ROUTE_FEED_FEED_PREFIX)) {
    return { kind: "feed", feedId: value.slice(ROUTE_FEED_FEED_PREFIX.length) };
  }
  if (value.includes(",")) {
    return { kind: "feeds", feedIds: value.split(",").filter((id) => id.length > 0) };
  }
  return { kind: "feed", feedId: value };
}

export function formatFeedIdParam(selection: FeedSelection): string {
  switch (selection.kind) {
    case "all":
      return ROUTE_FEED_ALL;
    case "collections":
      return ROUTE_FEED_COLLECTIONS;
    case "folder":
      return `${ROUTE_FEED_FOLDER_PREFIX}${selection.name}`;
    case "list":
      return `${ROUTE_FEED_LIST_PREFIX}${selection.listId}`;
    case "inbox":
      return `${ROUTE_FEED_INBOX_PREFIX}${selection.inboxId}`;
    case "search":
      return `${ROUTE_FEED_SEARCH_PREFIX}${selection.searchId}`;
    case "tag":
      return `${ROUTE_FEED_TAG_PREFIX}${selection.tag}`;
    case "feed":
      return bareFeedIdIsAmbiguous(selection.feedId)
        ? `${ROUTE_FEED_FEED_PREFIX}${selection.feedId}`
        : selection.feedId;
    case "feeds":
      return selection.feedIds.join(",");
  }
}

/**
 * The view of a timeline: `view-{n}` names it; otherwise the view of the selected list (when the
 * caller knows it); otherwise Articles.
 */
export function viewFromTimelineId(timelineId: string, listView?: number): FeedViewType {
  if (timelineId.startsWith(ROUTE_TIMELINE_VIEW_PREFIX)) {
    const n = Number(timelineId.slice(ROUTE_TIMELINE_VIEW_PREFIX.length));
    if (Number.isInteger(n) && isFeedViewType(n)) return n;
  }
  if (isFeedViewType(listView)) return listView;
  return FeedViewType.Articles;
}

export function timelineIdForView(view: FeedViewType | number): string {
  return `${ROUTE_TIMELINE_VIEW_PREFIX}${view}`;
}

/** The timeline page's route: which timeline (view tab), which feeds, which entry is open. */
export const TIMELINE_ROUTE = "/timeline/$timelineId/$feedId/$entryId";

/** Where a timeline link goes: a view (or a timeline id already in the URL), the feeds (all by
 * default), the open entry (none by default). */
export type TimelineTarget = ({ view: FeedViewType | number } | { timelineId: string }) & {
  feed?: string | FeedSelection;
  entryId?: string;
};

/** The timeline route's parameters for a target: the one way a timeline link is built. */
export function timelineParams(target: TimelineTarget): {
  timelineId: string;
  feedId: string;
  entryId: string;
} {
  const feed = target.feed ?? ROUTE_FEED_ALL;
  return {
    timelineId: "view" in target ? timelineIdForView(target.view) : target.timelineId,
    feedId: typeof feed === "string" ? feed : formatFeedIdParam(feed),
    entryId: target.entryId ?? ROUTE_ENTRY_PENDING,
  };
}

/** A router link to a timeline: spread into `<Link>` or `navigate()`. */
export function timelineLink(target: TimelineTarget) {
  return { to: TIMELINE_ROUTE, params: timelineParams(target) } as const;
}

/** A timeline's address as text, for places that take an href. */
export function timelinePath(target: TimelineTarget): string {
  const { timelineId, feedId, entryId } = timelineParams(target);
  return `/timeline/${timelineId}/${encodeURIComponent(feedId)}/${entryId}`;
}

export function isPendingEntry(entryId: string | undefined): boolean {
  return entryId === undefined || entryId === ROUTE_ENTRY_PENDING;
}

/** The root redirect target: the Articles timeline with default ids. */
export const DEFAULT_TIMELINE_PATH = timelinePath({ view: FeedViewType.Articles });
