/**
 * The languages Discover can narrow its results to (the `discoverLanguage` UI setting):
 * "all", or a primary language subtag matched against the language a feed declares.
 */
export const DISCOVER_LANGUAGES = [
  "all",
  "en",
  "zh",
  "ja",
  "ko",
  "de",
  "fr",
  "es",
  "pt",
  "it",
  "ru",
] as const;
export type DiscoverLanguage = (typeof DISCOVER_LANGUAGES)[number];

/** The primary subtag of a feed's declared language ("zh-TW", "en_us" -> "zh", "en"), or null. */
export function primaryLanguage(tag: string | null | undefined): string | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : null;
}

/**
 * How a feed stands for a wanted language: 0 written in it, 1 language unknown (it may be),
 * null written in another one (left out). With "all" every feed stands equal.
 */
export function languageRank(
  wanted: DiscoverLanguage,
  feedLanguage: string | null | undefined,
): 0 | 1 | null {
  if (wanted === "all") return 0;
  const primary = primaryLanguage(feedLanguage);
  if (primary === null) return 1;
  return primary === wanted ? 0 : null;
}
