import type { HighlightListItem } from "../../queries/highlights.ts";

export interface HighlightFilter {
  /** Words to find in the passage, the note or the entry's title (all of them, any case). */
  text: string;
  feedId: string;
  tag: string;
}

export function matchesFilter(item: HighlightListItem, filter: HighlightFilter): boolean {
  if (filter.feedId && item.feedId !== filter.feedId) return false;
  if (filter.tag && !item.tags.includes(filter.tag)) return false;
  const words = filter.text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${item.exact}\n${item.note}\n${item.entryTitle ?? ""}`.toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Highlights grouped by entry, the groups in the order their first highlight comes. */
export function groupByEntry(items: readonly HighlightListItem[]) {
  const groups = new Map<string, HighlightListItem[]>();
  for (const item of items) groups.set(item.entryId, [...(groups.get(item.entryId) ?? []), item]);
  return [...groups].map(([entryId, grouped]) => ({ entryId, items: grouped }));
}
