import type { HighlightTerm } from "./query.ts";
import { displayText, termSpans } from "./tokens.ts";

/** Text with the character ranges a query matched, to be drawn as marks (never as HTML). */
export interface Highlighted {
  text: string;
  ranges: Array<[start: number, end: number]>;
}

function matches(term: string, wanted: readonly HighlightTerm[]): boolean {
  return wanted.some((w) => (w.prefix ? term.startsWith(w.term) : term === w.term));
}

/** The whole text with its hits marked. */
export function highlightText(text: string, wanted: readonly HighlightTerm[]): Highlighted {
  const shown = displayText(text);
  return { text: shown, ranges: hitRanges(shown, wanted) };
}

function hitRanges(text: string, wanted: readonly HighlightTerm[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const span of termSpans(text)) {
    if (!matches(span.term, wanted)) continue;
    const last = ranges.at(-1);
    // Neighbouring hits (CJK characters of one word) make one mark.
    if (last && last[1] === span.start) last[1] = span.end;
    else ranges.push([span.start, span.end]);
  }
  return ranges;
}

/**
 * A window of about `size` characters around the densest run of hits, cut at word edges,
 * with "…" where text was left out; the start of the text when nothing matched.
 */
export function snippetOf(text: string, wanted: readonly HighlightTerm[], size = 180): Highlighted {
  const shown = displayText(text);
  const ranges = hitRanges(shown, wanted);
  if (shown.length <= size) return { text: shown, ranges };
  // The window holding the most hits, starting a little before its first hit.
  let best = 0;
  let bestCount = 0;
  for (let i = 0; i < ranges.length; i++) {
    let count = 0;
    for (let j = i; j < ranges.length && ranges[j]![1] <= ranges[i]![0] + size; j++) count++;
    if (count > bestCount) {
      bestCount = count;
      best = i;
    }
  }
  let start = ranges.length ? Math.max(0, ranges[best]![0] - Math.floor(size / 4)) : 0;
  let end = Math.min(shown.length, start + size);
  start = Math.max(0, end - size);
  if (start > 0) {
    const space = shown.indexOf(" ", start);
    if (space >= 0 && space - start < 20 && space < (ranges[best]?.[0] ?? end)) start = space + 1;
  }
  if (end < shown.length) {
    const space = shown.lastIndexOf(" ", end);
    if (space > start && end - space < 20 && space >= (ranges[best]?.[1] ?? start)) end = space;
  }
  const prefix = start > 0 ? "…" : "";
  const body = shown.slice(start, end);
  const shift = prefix.length - start;
  return {
    text: `${prefix}${body}${end < shown.length ? "…" : ""}`,
    ranges: ranges
      .filter(([s, e]) => s >= start && e <= end)
      .map(([s, e]): [number, number] => [s + shift, e + shift]),
  };
}
