/**
 * Discover categories (SPEC §9). Slugs follow the feed-route generator's category names, so
 * later work can pass them straight to it; labels live in app.json under discover.categories.
 */
export const DISCOVER_CATEGORIES = [
  "popular",
  "acg",
  "bbs",
  "blog",
  "design",
  "finance",
  "forecast",
  "gaming",
  "government",
  "journal",
  "live",
  "multimedia",
  "new-media",
  "picture",
  "program-update",
  "programming",
  "reading",
  "shopping",
  "social-media",
  "study",
  "traditional-media",
  "travel",
  "university",
] as const;

export type DiscoverCategory = (typeof DISCOVER_CATEGORIES)[number];

export function isDiscoverCategory(value: unknown): value is DiscoverCategory {
  return typeof value === "string" && (DISCOVER_CATEGORIES as readonly string[]).includes(value);
}
