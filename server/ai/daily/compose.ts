import type { ChatProvider } from "../chat/provider.ts";
import { languageName } from "../languages.ts";

/** An entry a report cites: `[n]` in the text is the n-th of the list. */
export interface ReportEntry {
  id: string;
  feedId: string;
  view: number;
  title: string | null;
  feedTitle: string | null;
  url: string | null;
  /** A few hundred characters of its text (sent to the model; not stored). */
  excerpt: string;
}

export interface ComposedReport {
  kind: "model" | "extractive";
  /** Lines: "## heading", "- item", or a paragraph; `[n]` cites the n-th entry. */
  content: string;
}

/** Characters of each entry's text a report reads: enough for a theme, bounded for a prompt. */
export const EXCERPT_CHARS = 400;

/**
 * The extractive digest that needs no model: top stories by source (the feeds with most new
 * entries first), each story its title and its text's first sentence, citing the entry.
 */
export function composeExtractive(entries: readonly ReportEntry[]): ComposedReport {
  const bySource = new Map<string, { title: string; items: number[] }>();
  entries.forEach((entry, index) => {
    const source = bySource.get(entry.feedId) ?? { title: entry.feedTitle ?? "—", items: [] };
    source.items.push(index);
    bySource.set(entry.feedId, source);
  });
  const sources = [...bySource.values()].sort((a, b) => b.items.length - a.items.length);
  const lines: string[] = [];
  for (const source of sources) {
    lines.push(`## ${oneLine(source.title)}`);
    for (const index of source.items) {
      const entry = entries[index]!;
      const sentence = firstSentence(entry.excerpt);
      const title = oneLine(entry.title ?? "") || sentence || "…";
      const detail = sentence && sentence !== title ? `: ${sentence}` : "";
      lines.push(`- ${title}${detail} [${index + 1}]`);
    }
  }
  return { kind: "extractive", content: lines.join("\n") };
}

/** The model's digest: themes across sources, each point citing entries as [n]. */
export async function composeWithModel(
  provider: ChatProvider,
  entries: readonly ReportEntry[],
  language: string,
): Promise<ComposedReport> {
  const listing = entries
    .map(
      (entry, index) =>
        `[${index + 1}] ${oneLine(entry.feedTitle ?? "")} — ${oneLine(entry.title ?? "")}\n${entry.excerpt}`,
    )
    .join("\n\n");
  const answer = await provider.complete({
    system:
      "You write a short daily digest for a feed reader. Group the stories by theme under '## ' headings, one '- ' line per story or closely related stories, and cite every story you mention with its number in square brackets, like [3]. Plain text only: no other markdown, no preamble.",
    instruction: `Write the digest of these ${entries.length} new articles in ${languageName(language)}. Put the most important stories first.`,
    text: listing,
    maxOutputTokens: 1_200,
  });
  const content = answer.trim();
  return content ? { kind: "model", content } : composeExtractive(entries);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function firstSentence(text: string): string {
  const flat = oneLine(text);
  const match = /^.{20,}?[.!?。！？](?=\s|$)/u.exec(flat);
  const sentence = match ? match[0] : flat;
  return sentence.length > 200 ? `${sentence.slice(0, 199)}…` : sentence;
}
