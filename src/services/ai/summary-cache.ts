import { SUMMARY_CACHE_SIZE, type SummaryKind } from "../../../contract/ai.ts";
import { LruCache } from "../../../contract/lru.ts";

/**
 * The in-memory summary cache: per entry and language, the summary of the content
 * and of the full text, with when it was last read; at most 10 pairs, the least recently read
 * evicted.
 */
export interface CachedSummary {
  summary: string | null;
  readabilitySummary: string | null;
  kind?: SummaryKind;
  lastAccessed: number;
}

const cache = new LruCache<string, CachedSummary>(SUMMARY_CACHE_SIZE);
const keyOf = (entryId: string, language: string) => `${entryId}\n${language}`;

export function cachedSummary(entryId: string, language: string, now = Date.now()) {
  const found = cache.get(keyOf(entryId, language));
  if (found) found.lastAccessed = now;
  return found;
}

export function rememberSummary(
  entryId: string,
  language: string,
  patch: Partial<Omit<CachedSummary, "lastAccessed">>,
  now = Date.now(),
): void {
  const previous = cache.get(keyOf(entryId, language));
  cache.set(keyOf(entryId, language), {
    summary: null,
    readabilitySummary: null,
    ...previous,
    ...patch,
    lastAccessed: now,
  });
}

export function summaryCacheKeys(): string[] {
  return cache.keys();
}
