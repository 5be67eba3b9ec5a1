import { highlightsMarkdown, markdownFileName } from "../../../contract/highlights/markdown.ts";
import type { HighlightItem } from "../../queries/highlights.ts";

export interface ExportedEntry {
  id: string;
  title: string | null;
  url: string | null;
  author: string | null;
  feedTitle?: string | null;
}

export function entryMarkdown(
  entry: ExportedEntry,
  highlights: readonly Pick<HighlightItem, "exact" | "note">[],
  tags: readonly string[] = [],
): string {
  return highlightsMarkdown({ ...entry, tags }, highlights);
}

/** Saves the Markdown as a file through the browser's download. */
export function downloadMarkdown(entry: ExportedEntry, markdown: string) {
  const blob = new Blob([markdown], { type: "text/markdown;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = markdownFileName(entry.title, entry.id);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
