import { SUMMARY_MIN_CHARS } from "../../../contract/ai.ts";

/**
 * When the entry pane shows a summary. The `summary` setting offers summaries; a box that
 * repeats the body helps nobody, so on its own it comes only for entries long enough to be
 * worth summing up, and a summary that only repeats the opening paragraph stays hidden.
 */
export const SUMMARY_AUTO_CHARS = 1500;

/**
 * - `auto`: summarize on open (an action rule asked, or the setting is on and the text is long);
 * - `offer`: a "Summarize" action, the summary on request;
 * - `none`: no summary (setting off, or too short for the server to summarize).
 */
export type SummaryMode = "auto" | "offer" | "none";

export function summaryMode(options: {
  /** The `summary` setting. */
  enabled: boolean;
  /** An action rule asked for this entry's summary. */
  asked: boolean;
  /** The length of the body's text, markup left out. */
  textLength: number;
}): SummaryMode {
  if (options.textLength < SUMMARY_MIN_CHARS) return "none";
  if (options.asked) return "auto";
  if (!options.enabled) return "none";
  return options.textLength > SUMMARY_AUTO_CHARS ? "auto" : "offer";
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X"
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : " ";
    }
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

/** The text of HTML, with a blank line between blocks. Regex only: never parses the HTML. */
function blocks(html: string): string[] {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(
      /<\/(p|div|h[1-6]|li|blockquote|pre|figure|figcaption|section|article|tr)\s*>/gi,
      "\n\n",
    )
    .replace(/<br\s*\/?>\s*<br\s*\/?>/gi, "\n\n")
    .replace(/<[^>]*>/g, " ");
  return decode(text)
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s+/g, " ").trim())
    .filter((block) => block.length > 0);
}

/** The length of HTML's text without its markup (about: entities count as one). */
export function textLength(html: string): number {
  return blocks(html).join(" ").length;
}

/** Lower case, letters and digits only, no spaces: "Hello, world!" and "hello world" match. */
function letters(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
  return grams;
}

/**
 * Whether a summary says nothing the reader does not see at once: it is the start of the body,
 * or it is (nearly) the body's first paragraph, in any script (compared by letter trigrams,
 * punctuation and spacing aside).
 */
export function repeatsOpening(summary: string, html: string): boolean {
  const said = letters(summary);
  if (said.length === 0) return true;
  const parts = blocks(html);
  const body = letters(parts.join(" "));
  if (body.startsWith(said)) return true;
  const first = letters(parts[0] ?? "");
  if (first.length === 0) return false;
  if (first.includes(said)) return true;
  // Longer than the paragraph it would repeat: it says more than the opening.
  if (said.length > first.length * 1.25 + 20) return false;
  const grams = trigrams(said);
  if (grams.size === 0) return first.includes(said);
  const opening = trigrams(first);
  let shared = 0;
  for (const gram of grams) if (opening.has(gram)) shared++;
  return shared / grams.size >= 0.85;
}
