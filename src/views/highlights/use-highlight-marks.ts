import { type RefObject, useLayoutEffect, useState } from "react";
import { anchorRange } from "../../../contract/highlights/anchor.ts";
import type { HighlightItem } from "../../queries/highlights.ts";
import { type MarkRange, plainText, unwrapAll, wrapRanges } from "./text-marks.ts";

/**
 * Marks the entry's highlights in its rendered content (after render, before paint) and
 * answers the ids of those whose passage is not in this text (orphaned: listed, not marked).
 */
export function useHighlightMarks(
  container: RefObject<HTMLElement | null>,
  highlights: readonly HighlightItem[] | undefined,
  contentKey: unknown,
): ReadonlySet<string> {
  const [orphaned, setOrphaned] = useState<ReadonlySet<string>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content means new text to mark.
  useLayoutEffect(() => {
    const root = container.current;
    if (!root || !highlights) return;
    const missing = markHighlights(root, highlights);
    setOrphaned((before) => (sameSet(before, missing) ? before : missing));
    root.dataset.highlights = String(highlights.length - missing.size);
    return () => unwrapAll(root);
  }, [container, highlights, contentKey]);
  return orphaned;
}

/** Marks each highlight found in `root`'s text; answers the ids not found. */
export function markHighlights(root: HTMLElement, highlights: readonly HighlightItem[]) {
  const text = plainText(root);
  const missing = new Set<string>();
  const found: MarkRange[] = [];
  for (const highlight of highlights) {
    const range = anchorRange(text, highlight);
    if (range) found.push({ id: highlight.id, color: highlight.color, ...range });
    else missing.add(highlight.id);
  }
  wrapRanges(root, found);
  return missing;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>) {
  return a.size === b.size && [...a].every((id) => b.has(id));
}
