import { outsideCdata } from "./xml-segments.ts";

/**
 * Named entities an XML feed uses without declaring them come from HTML 4 / XHTML 1.0, whose
 * entity sets feeds were written against. Our decoder knows HTML5's, which agree on every name
 * but two: HTML5 re-pointed `&lang;` and `&rang;` from U+2329/U+232A (angle brackets) to
 * U+27E8/U+27E9 (mathematical angle brackets). In feed markup they keep their HTML 4 meaning;
 * inside CDATA or escaped HTML they are HTML and follow HTML5.
 */
const HTML4_ONLY: Record<string, string> = { lang: "&#x2329;", rang: "&#x232A;" };

export function withHtml4Entities(text: string): string {
  if (!/&[lr]ang;/.test(text)) return text;
  return outsideCdata(text, (segment) =>
    segment.replace(/&([lr]ang);/g, (_, name: string) => HTML4_ONLY[name]!),
  );
}
