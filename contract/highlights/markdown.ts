/** One entry's highlights as Markdown: what the export copies, downloads and sends to notes apps. */

export interface MarkdownEntry {
  readonly title: string | null;
  readonly url: string | null;
  readonly author: string | null;
  readonly feedTitle?: string | null;
  readonly tags?: readonly string[];
}

export interface MarkdownHighlight {
  readonly exact: string;
  readonly note: string;
  readonly color?: string;
}

/** A passage as a Markdown block quote, each line quoted, runs of blank lines kept as one. */
export function quote(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n+/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => `> ${line.trim()}`.trimEnd())
        .join("\n"),
    )
    .join("\n>\n");
}

/** Markdown's inline specials in a title, so it reads as text. */
function escapeInline(text: string): string {
  return text
    .replace(/([\\`*_[\]<>#])/g, "\\$1")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The highlights as a section to put under a note's text (Outline, Obsidian): a "Highlights"
 * heading, each passage quoted and its note under it. Empty without highlights.
 */
export function highlightsSection(highlights: readonly MarkdownHighlight[] | undefined): string {
  if (!highlights?.length) return "";
  const blocks = highlights.map(
    (h) => `${quote(h.exact)}\n${h.note.trim() ? `\nNote: ${h.note.trim()}\n` : ""}`,
  );
  return `\n## Highlights\n\n${blocks.join("\n")}`;
}

export function highlightsMarkdown(
  entry: MarkdownEntry,
  highlights: readonly MarkdownHighlight[],
): string {
  const lines = [`# ${escapeInline(entry.title || entry.url || "Untitled")}`, ""];
  if (entry.url) lines.push(`- Link: <${entry.url}>`);
  if (entry.author) lines.push(`- Author: ${escapeInline(entry.author)}`);
  if (entry.feedTitle) lines.push(`- Source: ${escapeInline(entry.feedTitle)}`);
  if (entry.tags && entry.tags.length > 0)
    lines.push(`- Tags: ${entry.tags.map((tag) => `#${tag.replace(/\s+/g, "-")}`).join(" ")}`);
  if (lines.length > 2) lines.push("");
  lines.push("## Highlights", "");
  for (const highlight of highlights) {
    lines.push(quote(highlight.exact), "");
    const note = highlight.note.trim();
    if (note) lines.push(`Note: ${note}`, "");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** A file name for the download: the title's words, safe on every system. */
export function markdownFileName(title: string | null, fallback: string): string {
  const stem = (title ?? "")
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${stem || fallback}.md`;
}
