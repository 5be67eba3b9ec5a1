import { collapse, htmlToText } from "../../contract/html/text.ts";

export { htmlToText };

/** Plain-text helpers: HTML to text, excerpts, and "does this look like markup". */

/** True when a string holds tags or character references, i.e. should be read as HTML. */
export function looksLikeHtml(value: string): boolean {
  return /<[a-z!/][^>]*>|&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i.test(value);
}

/** Plain text of a feed "text construct": HTML is converted, plain text kept verbatim. */
export function textOf(value: string | null | undefined, type?: string | null): string | null {
  if (value == null) return null;
  const plain = type === "text" || type === "text/plain";
  const text = plain || !looksLikeHtml(value) ? collapse(value) : htmlToText(value);
  return text === "" ? null : text;
}

/** At most `max` characters, cut at a word boundary when one is near, with an ellipsis. */
export function excerpt(text: string, max = 300): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  const base = lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${base.trimEnd()}…`;
}

/** Escapes plain text for inclusion in HTML content (text/plain content, JSON content_text). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Plain text as simple HTML paragraphs, keeping its line breaks. */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, "<br>")}</p>`)
    .join("");
}
