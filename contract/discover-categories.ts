/**
 * Discover categories. Slugs follow the feed-route generator's category names, so
 * they pass straight to its catalogue; labels live in app.json under discover.categories.
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

/** Folder names (beyond the slug itself) that file a feed under a category: the English labels. */
const FOLDER_ALIASES: Partial<Record<DiscoverCategory, readonly string[]>> = {
  bbs: ["forum", "forums"],
  blog: ["blogs"],
  forecast: ["forecasts"],
  journal: ["journals"],
  picture: ["pictures", "photos"],
  "program-update": ["application updates", "app updates", "updates"],
  "traditional-media": ["news"],
};

/**
 * How a feed gets a category here: someone who follows it publicly puts it in a folder named
 * after the category ("Programming", "new media", "News"). Compared lower-cased, with spaces,
 * underscores and dashes alike.
 */
export function categoryFolderKeys(category: DiscoverCategory): string[] {
  return [...new Set([category, ...(FOLDER_ALIASES[category] ?? [])].map(folderKey))];
}

export function folderKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
}
