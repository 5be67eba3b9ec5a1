import { walkHtml } from "../../contract/html/events.ts";
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
 * trimming; hrefs resolve against `<base href>` (itself against the page URL). Read with the
 * linear, capped tokenizer of contract/html/events.ts, never a DOM: pages are untrusted and large.
 */
export function findFeedLinks(html: string, pageUrl: string): FeedLink[] {
  let baseHref: string | null = null;
  const candidates: Array<Map<string, string>> = [];
  walkHtml(html, {
    wantsAttributes: (name) => name === "link" || name === "base",
    open(name, attributes) {
      if (name !== "link" && name !== "base") return;
      const byName = new Map(attributes);
      if (name === "base") baseHref ??= byName.get("href") || null;
      else candidates.push(byName);
    },
    text() {},
    close() {},
  });
  const base = resolveHttpUrl(baseHref, pageUrl) ?? pageUrl;
  const seen = new Set<string>();
  const links: FeedLink[] = [];
  for (const link of candidates) {
    const rel = (link.get("rel") ?? "").toLowerCase().split(/\s+/);
    const type = (link.get("type") ?? "").trim().toLowerCase().split(";")[0]!.trim();
    if (!rel.includes("alternate") || !FEED_TYPES.has(type)) continue;
    const url = resolveHttpUrl(link.get("href"), base);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    links.push({ url, type, title: link.get("title")?.trim() || null });
  }
  return links;
}

/** True when a body is an HTML page rather than a feed (cheap sniff on the first bytes). */
export function looksLikeHtmlPage(text: string): boolean {
  const head = text.slice(0, 2048).toLowerCase();
  return /<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<meta[\s>]|<link[\s>]/.test(head);
}
