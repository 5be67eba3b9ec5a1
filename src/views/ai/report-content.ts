/**
 * A daily report's content as blocks: "## " lines are headings, "- " lines list items, other
 * lines paragraphs; `[n]` (or `[1, 3]`) in the text cites the n-th entry. Rendered as React
 * text, never as markup: a model's answer is outside content.
 */
/** `at`: where the piece starts in its line (citations of one bracket: its start plus 0.1 each). */
export type ReportPiece = { at: number } & ({ text: string } | { cite: number });
/** `line`: the block's line number in the content (its key when shown). */
export interface ReportBlock {
  kind: "heading" | "item" | "paragraph";
  line: number;
  pieces: ReportPiece[];
}

const CITATION = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

export function parseReport(content: string, entryCount: number): ReportBlock[] {
  const blocks: ReportBlock[] = [];
  for (const [index, raw] of content.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    if (/^#{1,6}\s/.test(line)) {
      blocks.push({
        kind: "heading",
        line: index,
        pieces: pieces(line.replace(/^#+\s+/, ""), entryCount),
      });
    } else if (/^[-*•]\s/.test(line)) {
      blocks.push({ kind: "item", line: index, pieces: pieces(line.slice(2).trim(), entryCount) });
    } else {
      blocks.push({ kind: "paragraph", line: index, pieces: pieces(line, entryCount) });
    }
  }
  return blocks;
}

function pieces(line: string, entryCount: number): ReportPiece[] {
  const out: ReportPiece[] = [];
  let at = 0;
  for (const match of line.matchAll(CITATION)) {
    const numbers = match[1]!.split(",").map((n) => Number(n.trim()));
    // A bracket naming an entry the report does not have is left as text.
    if (numbers.some((n) => n < 1 || n > entryCount)) continue;
    if (match.index > at) out.push({ at, text: line.slice(at, match.index) });
    for (const [index, n] of numbers.entries()) out.push({ at: match.index + index / 10, cite: n });
    at = match.index + match[0].length;
  }
  if (at < line.length) out.push({ at, text: line.slice(at) });
  return out;
}
