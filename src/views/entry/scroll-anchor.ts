import { MAX_POSITION_QUOTE } from "../../../contract/entities/reading-position.ts";

/** Where the reader is in a scrolled article: robust to another width, font or device. */
export interface ScrollAnchor {
  /** scrollTop over the scrollable height, 0..1. */
  fraction: number;
  /** The start of the text of the block at the top of the pane ("" when there is none). */
  quote: string;
}

/** The blocks a position is anchored to: paragraphs and their kin inside the entry's content. */
const BLOCKS = "p, h1, h2, h3, h4, h5, h6, li, blockquote, pre, figcaption, dt, dd";

const flat = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

/** The position of `scroller`, anchored to the first block of `content` not yet scrolled past. */
export function takeAnchor(scroller: HTMLElement, content: HTMLElement | null): ScrollAnchor {
  const room = scroller.scrollHeight - scroller.clientHeight;
  const fraction = room > 0 ? Math.min(1, Math.max(0, scroller.scrollTop / room)) : 0;
  let quote = "";
  if (content) {
    const top = scroller.getBoundingClientRect().top;
    for (const block of content.querySelectorAll<HTMLElement>(BLOCKS)) {
      const text = flat(block.textContent);
      if (!text || block.getBoundingClientRect().bottom <= top + 1) continue;
      quote = text.slice(0, MAX_POSITION_QUOTE);
      break;
    }
  }
  return { fraction: Math.round(fraction * 10_000) / 10_000, quote };
}

/** The block `quote` names: the first whose text starts with it (or that it starts with). */
export function findAnchorBlock(content: HTMLElement, quote: string): HTMLElement | undefined {
  const wanted = flat(quote);
  if (!wanted) return undefined;
  for (const block of content.querySelectorAll<HTMLElement>(BLOCKS)) {
    const text = flat(block.textContent).slice(0, MAX_POSITION_QUOTE);
    if (text && (text.startsWith(wanted) || (text.length >= 24 && wanted.startsWith(text))))
      return block;
  }
  return undefined;
}

/**
 * Scrolls back to an anchor: to its block when the text still holds it (another layout puts it
 * elsewhere), else to the same fraction of the height. Says which one it used.
 */
export function restoreAnchor(
  scroller: HTMLElement,
  content: HTMLElement | null,
  anchor: ScrollAnchor,
): "quote" | "fraction" {
  const block = content ? findAnchorBlock(content, anchor.quote) : undefined;
  if (block) {
    const offset = block.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    scroller.scrollTop += offset;
    return "quote";
  }
  scroller.scrollTop = anchor.fraction * (scroller.scrollHeight - scroller.clientHeight);
  return "fraction";
}
