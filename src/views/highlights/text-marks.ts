import type { TextRange } from "../../../contract/highlights/anchor.ts";

/**
 * The entry's plain text as the highlight selectors count it (its text nodes, in order), and
 * `<mark>` elements wrapped around ranges of it after the sanitized content is rendered: the
 * content's own nodes are split and moved, never re-parsed from a string.
 */

const MARK_ATTRIBUTE = "data-highlight-id";

function textNodes(root: Node): Text[] {
  const nodes: Text[] = [];
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

export function plainText(root: Node): string {
  return textNodes(root)
    .map((node) => node.data)
    .join("");
}

/** The selection's offsets in the plain text of `root`; undefined when it lies elsewhere. */
export function selectionRange(root: Node, selection: Selection | null): TextRange | undefined {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return undefined;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return undefined;
  const before = root.ownerDocument!.createRange();
  before.selectNodeContents(root);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  const end = start + range.toString().length;
  return end > start ? { start, end } : undefined;
}

interface Segment {
  node: Text;
  from: number;
  to: number;
}

/** The part of `node` (starting at `offset` in the plain text) that `range` covers, if any. */
function segmentOf(node: Text, offset: number, range: TextRange): Segment | undefined {
  const from = Math.max(range.start - offset, 0);
  const to = Math.min(range.end - offset, node.data.length);
  // Whitespace alone between blocks is left alone: a mark there would sit inside a list or table.
  return from < to && node.data.slice(from, to).trim() ? { node, from, to } : undefined;
}

/** Wraps the text between `start` and `end` in marks carrying the highlight's id and colour. */
export function wrapRange(root: Node, range: TextRange, id: string, color: string): HTMLElement[] {
  const segments: Segment[] = [];
  let offset = 0;
  for (const node of textNodes(root)) {
    const segment = segmentOf(node, offset, range);
    if (segment) segments.push(segment);
    offset += node.data.length;
    if (offset >= range.end) break;
  }
  return wrapSegments(root, segments, id, color);
}

export interface MarkRange extends TextRange {
  id: string;
  color: string;
}

/**
 * Wraps many ranges, last first, over one walk of the text nodes: wrapping splits only nodes at
 * or after a range's start, so the nodes before it keep their offsets. A range that overlaps one
 * already wrapped walks the text again (the split-off nodes are not in the first walk).
 */
export function wrapRanges(root: Node, ranges: readonly MarkRange[]) {
  const nodes = textNodes(root);
  const starts: number[] = [];
  let offset = 0;
  for (const node of nodes) {
    starts.push(offset);
    offset += node.data.length;
  }
  let wrappedFrom = Number.POSITIVE_INFINITY;
  for (const range of [...ranges].sort((a, b) => b.start - a.start)) {
    if (range.end > wrappedFrom) wrapRange(root, range, range.id, range.color);
    else {
      const segments: Segment[] = [];
      for (let index = lastStartAtOrBefore(starts, range.start); index < nodes.length; index++) {
        if (starts[index]! >= range.end) break;
        const segment = segmentOf(nodes[index]!, starts[index]!, range);
        if (segment) segments.push(segment);
      }
      wrapSegments(root, segments, range.id, range.color);
    }
    wrappedFrom = Math.min(wrappedFrom, range.start);
  }
}

/** Index of the last offset in the sorted `starts` that is at most `at` (0 when none). */
function lastStartAtOrBefore(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

function wrapSegments(root: Node, segments: readonly Segment[], id: string, color: string) {
  const document = root.ownerDocument!;
  return segments.map(({ node, from, to }) => {
    let middle = node;
    if (to < middle.data.length) middle.splitText(to);
    if (from > 0) middle = middle.splitText(from);
    const mark = document.createElement("mark");
    mark.setAttribute(MARK_ATTRIBUTE, id);
    mark.className = `highlight highlight-${color}`;
    middle.parentNode!.insertBefore(mark, middle);
    mark.appendChild(middle);
    return mark;
  });
}

/** Takes every highlight mark out again, leaving the text as it was rendered. */
export function unwrapAll(root: Element) {
  for (const mark of root.querySelectorAll(`mark[${MARK_ATTRIBUTE}]`)) {
    const parent = mark.parentNode;
    if (!parent) continue;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
  }
  root.normalize();
}

/** The highlight a click landed on, if any. */
export function highlightIdAt(target: EventTarget | null): string | undefined {
  const mark = (target as Element | null)?.closest?.(`mark[${MARK_ATTRIBUTE}]`);
  return mark?.getAttribute(MARK_ATTRIBUTE) ?? undefined;
}
