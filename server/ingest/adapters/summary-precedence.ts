import type { RawText } from "./raw.ts";

/**
 * Which of an item's summary-like elements is its summary and which its content, by
 * feedparser's documented rule (docs, entries[i].summary): "Some feeds include both a summary
 * and description element for each entry. In this case, the first element will be available in
 * entry['summary'] and the second will be available in entry['content'][0]." In full, walking
 * the item's elements in document order:
 *
 * - a summary-like element (RSS description, dc:description, itunes:summary, media:description,
 *   Atom summary) becomes the content when there is already a summary and no content yet;
 *   otherwise it becomes the summary (a deeper one never replaces a shallower one);
 * - a content element (content:encoded, Atom content) becomes the content (the first one wins)
 *   and stands in for a missing summary, which any later summary-like element replaces.
 */
export const SUMMARY_LIKE = [
  "description",
  "summary",
  "dc:description",
  "itunes:summary",
  "media:description",
] as const;
export const CONTENT_LIKE = ["content:encoded", "content"] as const;

export interface Placed {
  name: string;
  depth: number;
}

export interface SummaryAndContent {
  summary: RawText | null;
  content: RawText | null;
}

/**
 * `candidates` holds the item's non-empty summary-like and content values by element name;
 * `order` their places in the document (null when unknown: then the summary is the first in
 * SUMMARY_LIKE order and the content the first content element, as most feeds have at most
 * one of each).
 */
export function summaryAndContent(
  candidates: Map<string, RawText>,
  order: Placed[] | null,
): SummaryAndContent {
  const isContent = (name: string) => (CONTENT_LIKE as readonly string[]).includes(name);
  const summaries = [...candidates.keys()].filter((name) => !isContent(name));
  if (summaries.length <= 1 || !order) {
    const summary = SUMMARY_LIKE.find((name) => candidates.has(name));
    const content = CONTENT_LIKE.find((name) => candidates.has(name));
    return {
      summary: summary ? candidates.get(summary)! : null,
      content: content ? candidates.get(content)! : null,
    };
  }
  let summary: Placed | null = null;
  /** True while the summary is only the content standing in for it. */
  let summaryIsContent = false;
  let content: Placed | null = null;
  for (const element of order) {
    if (!candidates.has(element.name)) continue;
    if (isContent(element.name)) {
      if (!content) content = element;
      if (!summary) {
        summary = element;
        summaryIsContent = true;
      }
    } else if (summary && !content) {
      content = element;
    } else if (!summary || summaryIsContent || element.depth <= summary.depth) {
      summary = element;
      summaryIsContent = false;
    }
  }
  return {
    summary: summary && !summaryIsContent ? candidates.get(summary.name)! : null,
    content: content ? candidates.get(content.name)! : null,
  };
}
