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

/** Wraps the text between `start` and `end` in marks carrying the highlight's id and colour. */
export function wrapRange(root: Node, range: TextRange, id: string, color: string): HTMLElement[] {
  const segments: { node: Text; from: number; to: number }[] = [];
  let offset = 0;
  for (const node of textNodes(root)) {
    const length = node.data.length;
    const from = Math.max(range.start - offset, 0);
    const to = Math.min(range.end - offset, length);
    // Whitespace alone between blocks is left alone: a mark there would sit inside a list or table.
    if (from < to && node.data.slice(from, to).trim()) segments.push({ node, from, to });
    offset += length;
    if (offset >= range.end) break;
  }
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
