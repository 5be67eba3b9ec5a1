import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { boundedHtml } from "../../contract/html/bounded.ts";
import { sanitizeHtml } from "./sanitize.ts";
import { htmlToText } from "./text.ts";
import { resolveHttpUrl } from "./urls.ts";

/**
 * Full text: the readable article of a web page, with @mozilla/readability over linkedom
 * (about 6x faster than jsdom here). Readability keeps event handlers and scripts' leftovers,
 * so its output always goes through our sanitizer before anyone stores or shows it.
 */
export interface ReadableArticle {
  title: string | null;
  /** Sanitized HTML of the article body, relative URLs made absolute. */
  content: string;
  /** Plain-text excerpt (Readability's, or the start of the article). */
  excerpt: string | null;
  byline: string | null;
  siteName: string | null;
  lang: string | null;
  dir: string | null;
  publishedTime: string | null;
  /** Length of the article text in characters. */
  length: number;
}

/** Pages larger than this many elements are not worth the CPU (Readability is O(n^2)-ish). */
const MAX_ELEMENTS = 30_000;

/** The article of `html` (fetched from `url`), or null when no article can be found. */
export function extractReadable(html: string, url: string): ReadableArticle | null {
  // Nesting capped first: linkedom and Readability are super-linear on deep trees.
  const { document } = parseHTML(boundedHtml(html));
  const declaredBase = Array.from(document.querySelectorAll("base") as ArrayLike<Element>)
    .map((element) => element.getAttribute("href") ?? element.getAttribute("HREF"))
    .find(Boolean);
  const baseUrl = resolveHttpUrl(declaredBase, url) ?? url;
  let article: ReturnType<Readability["parse"]>;
  try {
    article = new Readability(document as unknown as Document, {
      maxElemsToParse: MAX_ELEMENTS,
    }).parse();
  } catch {
    return null; // too many elements, or a page linkedom could not model
  }
  if (!article?.content) return null;
  const content = sanitizeHtml(article.content, baseUrl);
  if (!content) return null;
  const text = htmlToText(content);
  return {
    title: clean(article.title),
    content,
    excerpt: clean(article.excerpt),
    byline: clean(article.byline),
    siteName: clean(article.siteName),
    lang: clean(article.lang),
    dir: clean(article.dir),
    publishedTime: clean(article.publishedTime),
    length: text.length,
  };
}

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.replace(/\s+/g, " ").trim();
  return trimmed ? trimmed : null;
}
