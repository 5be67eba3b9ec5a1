import { type RefObject, useEffect, useSyncExternalStore } from "react";
import type { HighlightTerm } from "../../../contract/search/query.ts";
import { termSpans } from "../../../contract/search/tokens.ts";

/**
 * The terms of the search an entry was opened from: the entry pane marks them in the content
 * with the CSS Custom Highlight API (ranges over the rendered text, no change to the DOM, so
 * sanitized content stays exactly as sanitized).
 */
let current: { entryId: string; terms: readonly HighlightTerm[] } | null = null;
const listeners = new Set<() => void>();

export function setEntryHighlight(entryId: string, terms: readonly HighlightTerm[]) {
  current = { entryId, terms };
  for (const listener of listeners) listener();
}

const HIGHLIGHT_NAME = "search-hit";
/** Text nodes looked at, at most: a huge entry must not stall the pane. */
const MAX_TEXT_NODES = 5000;

interface HighlightRegistry {
  set(name: string, value: unknown): void;
  delete(name: string): void;
}

/** Marks the opened search's terms inside `container` while `entryId` is shown. */
export function useEntryHighlight(
  container: RefObject<HTMLElement | null>,
  entryId: string,
  contentKey: unknown,
) {
  const state = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content means new text nodes to mark.
  useEffect(() => {
    const registry = (globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined)
      ?.highlights;
    const HighlightClass = (globalThis as unknown as { Highlight?: new (...r: Range[]) => unknown })
      .Highlight;
    const root = container.current;
    if (!registry || !HighlightClass || !root || state?.entryId !== entryId) return;
    const ranges: Range[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = 0; n < MAX_TEXT_NODES; n++) {
      const node = walker.nextNode();
      if (!node) break;
      for (const span of termSpans(node.nodeValue ?? "")) {
        const hit = state.terms.some((w) =>
          w.prefix ? span.term.startsWith(w.term) : span.term === w.term,
        );
        if (!hit) continue;
        const range = document.createRange();
        range.setStart(node, span.start);
        range.setEnd(node, span.end);
        ranges.push(range);
      }
    }
    registry.set(HIGHLIGHT_NAME, new HighlightClass(...ranges));
    root.dataset.searchHits = String(ranges.length);
    return () => {
      registry.delete(HIGHLIGHT_NAME);
      delete root.dataset.searchHits;
    };
  }, [container, entryId, state, contentKey]);
}
