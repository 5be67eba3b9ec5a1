/**
 * Finding a highlighted passage again in an entry's plain text, as W3C Web Annotation selectors
 * describe it: a TextPositionSelector (`start`/`end`) and a TextQuoteSelector (`exact` with
 * `prefix`/`suffix`). The text may have changed since (feed content against full text, small
 * edits, whitespace), so the position is tried first, then the quote with its context; when
 * neither settles on one passage the highlight is orphaned rather than put on other text.
 */

export interface TextAnchor {
  readonly exact: string;
  readonly prefix: string;
  readonly suffix: string;
  readonly start: number;
  readonly end: number;
}

export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/** Characters of context kept on each side: enough to tell repeated passages apart. */
export const CONTEXT_LENGTH = 32;

/** The selectors of `text.slice(start, end)`. */
export function describeRange(
  text: string,
  start: number,
  end: number,
  context = CONTEXT_LENGTH,
): TextAnchor {
  return {
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - context), start),
    suffix: text.slice(end, end + context),
    start,
    end,
  };
}

/** Where the passage is in `text` now, or undefined when it cannot be told (orphaned). */
export function anchorRange(text: string, anchor: TextAnchor): TextRange | undefined {
  if (!anchor.exact) return undefined;
  if (matchesAtPosition(text, anchor)) return { start: anchor.start, end: anchor.end };
  return findQuote(text, anchor);
}

function matchesAtPosition(text: string, anchor: TextAnchor): boolean {
  const { start, end, exact, prefix, suffix } = anchor;
  if (end > text.length || text.slice(start, end) !== exact) return false;
  return (
    text.slice(Math.max(0, start - prefix.length), start) === prefix &&
    text.slice(end, end + suffix.length) === suffix
  );
}

/** Text with each run of whitespace as one space, and where each of its characters came from. */
interface Normalized {
  readonly text: string;
  readonly origin: readonly number[];
}

const WHITESPACE = /\s/;

function normalize(text: string): Normalized {
  let out = "";
  const origin: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const space = WHITESPACE.test(text[i]!);
    if (space && inSpace) continue;
    out += space ? " " : text[i];
    origin.push(i);
    inSpace = space;
  }
  return { text: out, origin };
}

const collapse = (text: string) => normalize(text).text;

/**
 * The quote's occurrences, whitespace-insensitively: one occurrence is the passage; among
 * several, the one whose context on both sides still reads as recorded, if only one does.
 */
function findQuote(text: string, anchor: TextAnchor): TextRange | undefined {
  const haystack = normalize(text);
  const exact = collapse(anchor.exact);
  const prefix = collapse(anchor.prefix);
  const suffix = collapse(anchor.suffix);
  const found: number[] = [];
  for (let at = haystack.text.indexOf(exact); at >= 0; at = haystack.text.indexOf(exact, at + 1))
    found.push(at);
  if (found.length === 0) return undefined;
  const toRange = (at: number): TextRange => ({
    start: haystack.origin[at]!,
    end: haystack.origin[at + exact.length - 1]! + 1,
  });
  if (found.length === 1) return toRange(found[0]!);
  const inContext = found.filter((at) => {
    const before = haystack.text.slice(0, at);
    const after = haystack.text.slice(at + exact.length);
    return contextAgrees(before, prefix, "before") && contextAgrees(after, suffix, "after");
  });
  return inContext.length === 1 ? toRange(inContext[0]!) : undefined;
}

/** Recorded context agrees with the text beside a match (shorter only at the text's edge). */
function contextAgrees(beside: string, recorded: string, side: "before" | "after"): boolean {
  if (side === "before") {
    if (beside.length >= recorded.length) return beside.endsWith(recorded);
    return recorded.endsWith(beside) && recorded.length - beside.length <= 1;
  }
  if (beside.length >= recorded.length) return beside.startsWith(recorded);
  return recorded.startsWith(beside) && recorded.length - beside.length <= 1;
}
