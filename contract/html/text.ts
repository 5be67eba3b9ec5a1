import { walkHtml } from "./events.ts";
import { windows1252Char } from "./windows-1252.ts";

/**
 * HTML -> plain text, fast. Titles and excerpts of every entry go through here, so the common
 * case is a regex tokenizer (tags, comments and script/style bodies dropped, character
 * references decoded); anything it is unsure of (a named entity outside the common table)
 * takes the exact but slower path through a real HTML tokenizer (events.ts).
 */
export function htmlToText(html: string): string {
  if (!html) return "";
  if (!html.includes("<") && !html.includes("&")) return collapse(html);
  const stripped = html
    .replace(/<(script|style|noscript|textarea|option)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->|<![^>]*>|<\?[^>]*>/g, " ")
    .replace(BLOCK_TAG, " ")
    .replace(TAG, "");
  // Markup the tokenizer could not read (odd quoting, bogus comments) goes the exact way.
  if (/<[a-zA-Z/!?]/.test(stripped)) return slowHtmlToText(html);
  const decoded = decodeReferences(stripped);
  return decoded === null ? slowHtmlToText(html) : collapse(decoded);
}

const BLOCK_TAG =
  /<\/?(?:br|hr|p|div|li|ul|ol|h[1-6]|tr|td|th|blockquote|pre|table|section|article|figure|figcaption|dd|dt|dl|header|footer|aside|nav|address)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const TAG = /<\/?[a-zA-Z][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*')*>/g;

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  copy: "©",
  reg: "®",
  trade: "™",
  middot: "·",
  bull: "•",
  deg: "°",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  sect: "§",
  para: "¶",
  times: "×",
  divide: "÷",
  shy: "\u00ad",
  zwj: "\u200d",
  zwnj: "\u200c",
  thinsp: "\u2009",
  ensp: "\u2002",
  emsp: "\u2003",
  iexcl: "¡",
  iquest: "¿",
  aacute: "á",
  eacute: "é",
  iacute: "í",
  oacute: "ó",
  uacute: "ú",
  agrave: "à",
  egrave: "è",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  Auml: "Ä",
  Ouml: "Ö",
  Uuml: "Ü",
  szlig: "ß",
  ccedil: "ç",
  ntilde: "ñ",
  ecirc: "ê",
  acirc: "â",
  ocirc: "ô",
  icirc: "î",
  ucirc: "û",
  aring: "å",
  oslash: "ø",
};

/** Decodes numeric and common named references; null when it meets a name it does not know. */
function decodeReferences(text: string): string | null {
  let unknown = false;
  const decoded = text.replace(
    /&(#\d+|#[xX][\da-fA-F]+|[a-zA-Z][a-zA-Z\d]*);?/g,
    (match, ref: string) => {
      if (ref.startsWith("#")) {
        const code =
          ref[1] === "x" || ref[1] === "X"
            ? Number.parseInt(ref.slice(2), 16)
            : Number(ref.slice(1));
        if (code >= 0x80 && code <= 0x9f) return windows1252Char(code); // as HTML does
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
      }
      const char = NAMED[ref];
      if (char !== undefined && match.endsWith(";")) return char;
      unknown = true;
      return match;
    },
  );
  return unknown ? null : decoded;
}

/** Elements whose content is never text a reader sees. */
const NOT_TEXT: ReadonlySet<string> = new Set([
  ...["script", "style", "noscript", "textarea", "option", "xmp", "template"],
]);
const BLOCK_ELEMENT =
  /^(?:br|hr|p|div|li|ul|ol|h[1-6]|tr|td|th|blockquote|pre|table|section|article|figure|figcaption|dd|dt|dl|header|footer|aside|nav|address)$/;

/** The exact path: the tokenizer's text, block elements read as spaces. */
function slowHtmlToText(html: string): string {
  let text = "";
  let hidden = 0;
  walkHtml(html, {
    open(name) {
      if (hidden > 0 || NOT_TEXT.has(name)) hidden++;
      else if (BLOCK_ELEMENT.test(name)) text += " ";
    },
    text(value) {
      if (hidden === 0) text += value;
    },
    close(name) {
      if (hidden > 0) hidden--;
      else if (BLOCK_ELEMENT.test(name)) text += " ";
    },
  });
  return collapse(text);
}

/**
 * Whitespace runs as one space, trimmed. Only runs that are not already a lone " " are
 * replaced: rewriting every single space between words was most of this function's cost.
 */
export function collapse(text: string): string {
  return text.replace(/ \s+|[^\S ]\s*/g, " ").trim();
}
