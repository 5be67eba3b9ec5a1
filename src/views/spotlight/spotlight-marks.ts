import { type RefObject, useLayoutEffect } from "react";
import { type SpotlightMatcher, spotlightRanges } from "./spotlight-match.ts";

/**
 * Spotlight marks in rendered (already sanitized) entry content: matching text nodes are split
 * and their middles moved into `<mark>` elements, never re-parsed from a string. The work is
 * bounded per entry: at most this many characters read and marks made.
 */
export const SPOTLIGHT_CONTENT_CHARS = 200_000;
export const SPOTLIGHT_CONTENT_MARKS = 500;
const MARK_ATTRIBUTE = "data-spotlight";

/** Marks the keywords in `root`'s text nodes; answers how many marks were made. */
export function markSpotlight(root: HTMLElement, matcher: SpotlightMatcher): number {
  const document = root.ownerDocument;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  let chars = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    chars += text.data.length;
    if (chars > SPOTLIGHT_CONTENT_CHARS) break;
    nodes.push(text);
  }
  let made = 0;
  for (const node of nodes) {
    if (made >= SPOTLIGHT_CONTENT_MARKS) break;
    if (node.parentElement?.closest(`mark[${MARK_ATTRIBUTE}], script, style`)) continue;
    const ranges = spotlightRanges(node.data, matcher).slice(0, SPOTLIGHT_CONTENT_MARKS - made);
    // Last first: splitting after a range leaves the earlier offsets valid.
    for (let index = ranges.length - 1; index >= 0; index -= 1) {
      const { start, end, color } = ranges[index]!;
      let middle = node;
      if (end < middle.data.length) middle.splitText(end);
      if (start > 0) middle = middle.splitText(start);
      const mark = document.createElement("mark");
      mark.setAttribute(MARK_ATTRIBUTE, color);
      mark.setAttribute("data-testid", "spotlight-mark");
      mark.className = `spotlight-mark spotlight-${color}`;
      middle.parentNode!.insertBefore(mark, middle);
      mark.appendChild(middle);
    }
    made += ranges.length;
  }
  return made;
}

/** Takes the spotlight marks out again, leaving the text as it was rendered. */
export function unmarkSpotlight(root: HTMLElement) {
  for (const mark of root.querySelectorAll(`mark[${MARK_ATTRIBUTE}]`)) {
    const parent = mark.parentNode;
    if (!parent) continue;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
  }
  root.normalize();
}

/** Keeps the spotlight marks on `container`'s content (after render, before paint). */
export function useSpotlightMarks(
  container: RefObject<HTMLElement | null>,
  matcher: SpotlightMatcher | null,
  contentKey: unknown,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content means new text to mark.
  useLayoutEffect(() => {
    const root = container.current;
    if (!root || !matcher) return;
    markSpotlight(root, matcher);
    return () => unmarkSpotlight(root);
  }, [container, matcher, contentKey]);
}
