/** AI summary and translation rules both sides share. */

/** Text shorter than this (characters, markup stripped) gets no summary. */
export const SUMMARY_MIN_CHARS = 100;

/** Summaries kept in memory: at most 10 entry/language pairs, least recently read evicted. */
export const SUMMARY_CACHE_SIZE = 10;

/** Stored translations older than this are deleted at start-up. */
export const TRANSLATION_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/** Which text a summary is of: the feed's content or the page's full text. */
export type SummaryTarget = "content" | "readabilityContent";

/** "extractive": sentences picked from the text itself (no provider); "model": a provider's. */
export type SummaryKind = "extractive" | "model";

/** The fields a translation can cover. */
export const TRANSLATION_FIELDS = [
  "title",
  "description",
  "content",
  "readabilityContent",
] as const;
export type TranslationField = (typeof TRANSLATION_FIELDS)[number];
export type TranslationFields = Partial<Record<TranslationField, string>>;

/**
 * Whether text in `language` needs translating into `target` (the language check):
 * not when both are the same language (en-GB reads as en); the Chinese scripts differ.
 */
export function needsTranslation(language: string | null, target: string): boolean {
  if (!language) return true;
  return languageKey(language) !== languageKey(target);
}

function languageKey(tag: string): string {
  const lower = tag.toLowerCase();
  if (lower.startsWith("zh")) return /-(tw|hk|mo|hant)\b/.test(lower) ? "zh-tw" : "zh-cn";
  return lower.split("-")[0]!;
}
