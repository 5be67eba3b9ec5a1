import { parseHTML } from "linkedom";
import { resolveHttpUrl } from "./urls.ts";

/** Feed autodiscovery in HTML: the `<link rel="alternate">` elements that point at feeds. */
export interface FeedLink {
  url: string;
  type: string;
  title: string | null;
}

const FEED_TYPES = new Set([
  "application/rss+xml",
  "application/atom+xml",
  "application/feed+json",
  "application/json",
  "application/rdf+xml",
  "application/x.atom+xml",
  "application/x-atom+xml",
  "text/xml",
  "application/xml",
]);

/**
 * Every feed link of a page, in document order, de-duplicated. `rel` must contain the token
 * "alternate" (any case, among other tokens); `type` is compared case-insensitively after
 * trimming; hrefs resolve against `<base href>` (itself against the page URL).
 */
export function findFeedLinks(html: string, pageUrl: string): FeedLink[] {
  const { document } = parseHTML(html);
  const baseHref = Array.from(document.querySelectorAll("base") as ArrayLike<Element>)
    .map((element) => attribute(element, "href"))
    .find(Boolean);
  const base = resolveHttpUrl(baseHref, pageUrl) ?? pageUrl;
  const seen = new Set<string>();
  const links: FeedLink[] = [];
  for (const element of Array.from(document.querySelectorAll("link")) as Element[]) {
    const rel = (attribute(element, "rel") ?? "").toLowerCase().split(/\s+/);
    const type = (attribute(element, "type") ?? "").trim().toLowerCase().split(";")[0]!.trim();
    if (!rel.includes("alternate") || !FEED_TYPES.has(type)) continue;
    const url = resolveHttpUrl(attribute(element, "href"), base);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    links.push({ url, type, title: attribute(element, "title")?.trim() || null });
  }
  return links;
}

/** An attribute by name in any case (linkedom keeps `HREF` as written). */
function attribute(element: Element, name: string): string | null {
  for (const attr of Array.from(element.attributes)) {
    if (attr.name.toLowerCase() === name) return attr.value;
  }
  return null;
}

/** True when a body is an HTML page rather than a feed (cheap sniff on the first bytes). */
export function looksLikeHtmlPage(text: string): boolean {
  const head = text.slice(0, 2048).toLowerCase();
  return /<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<meta[\s>]|<link[\s>]/.test(head);
}
