import type { HighlightColor } from "../../../contract/entities/highlight.ts";
import type { SpotlightKeyword } from "../../settings/spotlight.ts";

/**
 * Where the spotlight keywords occur in a text. Words are a case-insensitive substring search
 * (no regex is ever built from them); patterns run on RE2 through the action rules' compiler
 * (compileRegex: linear time, size-capped), passed in so the engine loads only when a pattern
 * is set, with a step budget per text. Texts past SPOTLIGHT_TEXT_LIMIT are
 * left unmarked rather than scanned.
 */

/** A text longer than this (a title, one text node) is not scanned at all. */
export const SPOTLIGHT_TEXT_LIMIT = 10_000;
/** Marks one text gets at most. */
export const MAX_MARKS_PER_TEXT = 100;

/** Steps (program size × characters) one pattern may take on one text, as for action rules. */
export const SPOTLIGHT_STEP_LIMIT = 500_000;

export interface SpotlightRange {
  start: number;
  end: number;
  color: HighlightColor;
}

/** Keywords ready to match: words folded once, patterns compiled once (unusable ones left out). */
export interface SpotlightMatcher {
  words: { needle: string; color: HighlightColor; order: number }[];
  patterns: { regex: CompiledRegex; size: number; color: HighlightColor; order: number }[];
}

/** The parts of an RE2 regex (re2js) matching uses. */
interface CompiledRegex {
  matcher(text: string): { find(from: number): boolean; start(): number; end(): number };
}

/** compileRegex from contract/actions-match.ts, or its shape. */
export type CompileRegex = (
  pattern: string,
) => { regex: CompiledRegex; size: number } | { problem: string };

/**
 * The matcher for a keyword list, or null when nothing can match. Without `compile` (the engine
 * not loaded yet) patterns are left out.
 */
export function spotlightMatcher(
  keywords: readonly SpotlightKeyword[],
  compile?: CompileRegex,
): SpotlightMatcher | null {
  const matcher: SpotlightMatcher = { words: [], patterns: [] };
  keywords.forEach((keyword, order) => {
    if (!keyword.isRegex) {
      const needle = foldCase(keyword.pattern);
      if (needle) matcher.words.push({ needle, color: keyword.color, order });
      return;
    }
    const compiled = compile?.(keyword.pattern);
    if (!compiled || "problem" in compiled) return;
    matcher.patterns.push({ ...compiled, color: keyword.color, order });
  });
  return matcher.words.length + matcher.patterns.length > 0 ? matcher : null;
}

/** Lower case, one UTF-16 unit for one: offsets in the folded text are offsets in the original. */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let folded = "";
  for (const unit of text) {
    const low = unit.toLowerCase();
    folded += low.length === unit.length ? low : unit;
  }
  return folded;
}

/** The keyword ranges in `text`, in order, never overlapping (the earlier keyword wins a tie). */
export function spotlightRanges(text: string, matcher: SpotlightMatcher | null): SpotlightRange[] {
  if (!matcher || !text || text.length > SPOTLIGHT_TEXT_LIMIT) return [];
  const found: (SpotlightRange & { order: number })[] = [];
  let folded: string | undefined;
  for (const word of matcher.words) {
    folded ??= foldCase(text);
    let count = 0;
    for (
      let at = folded.indexOf(word.needle);
      at >= 0 && count < MAX_MARKS_PER_TEXT;
      at = folded.indexOf(word.needle, at + word.needle.length)
    ) {
      found.push({ start: at, end: at + word.needle.length, color: word.color, order: word.order });
      count += 1;
    }
  }
  for (const pattern of matcher.patterns) {
    // RE2 reads each character once per instruction at most: cap the characters it may read.
    if (pattern.size * text.length > SPOTLIGHT_STEP_LIMIT) continue;
    const matches = pattern.regex.matcher(text);
    let count = 0;
    let from = 0;
    while (count < MAX_MARKS_PER_TEXT && from <= text.length && matches.find(from)) {
      const start = matches.start();
      const end = matches.end();
      if (end > start) {
        found.push({ start, end, color: pattern.color, order: pattern.order });
        count += 1;
      }
      from = end > start ? end : end + 1;
    }
  }
  if (found.length === 0) return [];
  found.sort((a, b) => a.start - b.start || a.order - b.order);
  const ranges: SpotlightRange[] = [];
  let reached = 0;
  for (const { start, end, color } of found) {
    if (start < reached) continue;
    ranges.push({ start, end, color });
    reached = end;
    if (ranges.length >= MAX_MARKS_PER_TEXT) break;
  }
  return ranges;
}
