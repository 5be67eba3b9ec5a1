/**
 * How search text is cut into terms, the same way for the server's SQLite and PostgreSQL
 * indexes, the browser's local index and the highlighter: case-folded, diacritics removed,
 * split on anything that is not a letter or a digit. Han, kana and hangul-less CJK scripts
 * write words without spaces, so each of their characters is a term of its own and a word of
 * several characters is searched as a phrase of them (found wherever it occurs in a sentence).
 */

/** One CJK ideograph or kana (the scripts written without spaces between words). */
export const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_PAIR =
  /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;

/** Letters, marks and digits in a run, or one CJK character. */
const SEGMENT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{M}\p{N}]+/gu;

/** Invisible separator put between CJK characters in stored text (a separator to FTS5). */
export const CJK_SEPARATOR = "\u200b";

/** Scripts whose accents FTS5 (remove_diacritics 2) folds away: café finds cafe. */
const ACCENTED_SCRIPT = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{N}]+$/u;

/**
 * Folds a segment to its term: NFKC, lower case, and accents dropped in Latin, Greek and
 * Cyrillic words (other scripts' marks are part of their letters and stay).
 */
export function foldTerm(segment: string): string {
  const lower = segment.normalize("NFKC").toLowerCase();
  if (!ACCENTED_SCRIPT.test(lower)) return lower;
  return lower
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .normalize("NFC");
}

/** The terms of a text, in order. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(SEGMENT)) {
    const term = foldTerm(match[0]);
    if (term) out.push(term);
  }
  return out;
}

/** Each term with where it sits in `text` (for highlighting the original text). */
export function termSpans(text: string): Array<{ term: string; start: number; end: number }> {
  const out: Array<{ term: string; start: number; end: number }> = [];
  for (const match of text.matchAll(SEGMENT)) {
    const term = foldTerm(match[0]);
    if (term) out.push({ term, start: match.index, end: match.index + match[0].length });
  }
  return out;
}

/**
 * Text as the search index stores it: NFKC (full-width letters, ligatures), and CJK characters
 * next to each other get an invisible separator, so FTS5's unicode61 tokenizer sees one term
 * per character, as termsOf() does.
 */
export function indexableText(text: string): string {
  return text.normalize("NFKC").replace(CJK_PAIR, `$1${CJK_SEPARATOR}`);
}

/** Stored text back to what readers see. */
export function displayText(text: string): string {
  return text.replaceAll(CJK_SEPARATOR, "");
}
