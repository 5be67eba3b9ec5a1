import type { HighlightColor } from "../../contract/entities/highlight.ts";

/** The highlight palette, spelled here: the entity module loads Effect, which first paint must not. */
const COLORS: readonly HighlightColor[] = ["yellow", "green", "blue", "pink", "purple"];

/**
 * Keyword spotlight: words or RE2 patterns marked, each in its own colour, in timeline titles
 * and entry content. Stored as the general setting `spotlight` (read through normalizeSpotlight).
 */
export interface SpotlightKeyword {
  pattern: string;
  color: HighlightColor;
  isRegex: boolean;
  /** Unread matches shown first, atop the timeline (absent: off; stored only when on). */
  raise?: boolean;
  /** A notification for each new unread match that arrives (absent: off; stored only when on). */
  notify?: boolean;
}

/** Keywords kept at most: each one is a scan of every title and text node shown. */
export const MAX_SPOTLIGHT_KEYWORDS = 20;
export const MAX_SPOTLIGHT_PATTERN_LENGTH = 100;

const isColor = (value: unknown): value is HighlightColor =>
  typeof value === "string" && (COLORS as readonly string[]).includes(value);

/**
 * A stored list made safe: entries without a usable pattern dropped, unknown colours made
 * yellow, repeats dropped, at most MAX_SPOTLIGHT_KEYWORDS kept. `raise` and `notify` are kept
 * only when true, so lists saved before they existed read (and store) as before.
 */
export function normalizeSpotlight(value: unknown): SpotlightKeyword[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const keywords: SpotlightKeyword[] = [];
  for (const item of value) {
    if (keywords.length >= MAX_SPOTLIGHT_KEYWORDS) break;
    if (typeof item !== "object" || item === null) continue;
    const { pattern, color, isRegex, raise, notify } = item as Record<string, unknown>;
    if (typeof pattern !== "string") continue;
    const trimmed = pattern.trim();
    if (!trimmed || trimmed.length > MAX_SPOTLIGHT_PATTERN_LENGTH) continue;
    const regex = isRegex === true;
    const key = `${regex ? "r" : "w"}:${regex ? trimmed : trimmed.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    keywords.push({
      pattern: trimmed,
      color: isColor(color) ? color : "yellow",
      isRegex: regex,
      ...(raise === true ? { raise: true } : {}),
      ...(notify === true ? { notify: true } : {}),
    });
  }
  return keywords;
}
