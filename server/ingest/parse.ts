import {
  type AnyFeed,
  DetectError,
  detectAtomFeed,
  detectRdfFeed,
  detectRssFeed,
  MalformedError,
  ParseError,
  parseAtomFeed,
  parseFeed,
  parseJsonFeed,
  parseRdfFeed,
  parseRssFeed,
} from "feedsmith";
import { withoutDoctype } from "./doctype.ts";
import { IngestError, parseFailed } from "./errors.ts";
import { rewriteLegacyConventions } from "./legacy.ts";

/**
 * Parse stage: decoded text -> the format's own object model (feedsmith), for RSS 0.9x/2.0,
 * RSS 1.0/RDF, Atom 0.3/1.0 and JSON Feed 1.0/1.1, with the iTunes, Podcast, Media RSS,
 * Dublin Core, content and xml (xml:base, xml:lang) namespaces. Dates stay raw strings:
 * normalize parses them with our own, more forgiving, date reader.
 *
 * Failures are IngestError 2004: "not-a-feed" when no format is recognised (an HTML page, say),
 * "malformed" when the document is a feed but cannot be read.
 */
export type ParsedFeed = AnyFeed<string>;

/** Feeds larger than this many entries are cut: nobody reads entry 5,001 of one fetch. */
const MAX_ITEMS = 5000;

export function parseFeedText(text: string): ParsedFeed {
  const trimmed = text.trimStart();
  if (trimmed === "") throw parseFailed("not-a-feed", "the document is empty");
  try {
    if (trimmed.startsWith("{")) return parseJson(trimmed);
    return parseXml(rewriteLegacyConventions(withoutDoctype(trimmed)));
  } catch (error) {
    if (error instanceof ParseError) {
      const empty = emptyFeedOf(trimmed);
      if (empty) return empty;
    }
    if (error instanceof DetectError || error instanceof ParseError) {
      throw parseFailed("not-a-feed", describeNonFeed(trimmed), error);
    }
    if (error instanceof IngestError) throw error;
    const detail =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw parseFailed("malformed", `the feed could not be parsed: ${detail}`, error);
  }
}

/** Parses XML; a feed truncated inside its final end tag (`</rss`) is repaired and retried. */
function parseXml(text: string): ParsedFeed {
  try {
    return parseByRoot(text);
  } catch (error) {
    const repaired = text.replace(/(<\/[\w:.-]+)\s*$/, "$1>");
    if (!(error instanceof MalformedError) || repaired === text) throw error;
    return parseByRoot(repaired);
  }
}

/**
 * The format's own parser when the root element names it; feedsmith's detection (regexes over
 * the whole document, format after format) only for anything else. On a 10 MB Atom feed that
 * detection alone cost ~25 ms, a failed search for `<rss` through every byte.
 */
function parseByRoot(text: string): ParsedFeed {
  const options = { maxItems: MAX_ITEMS };
  const root = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<(?:[\w.-]+:)?([\w.-]+)[\s>/]/.exec(
    text.slice(0, 4096),
  )?.[1];
  try {
    if (root === "rss") return { format: "rss", feed: parseRssFeed(text, options) } as ParsedFeed;
    if (root === "feed")
      return { format: "atom", feed: parseAtomFeed(text, options) } as ParsedFeed;
    if (root === "RDF") return { format: "rdf", feed: parseRdfFeed(text, options) } as ParsedFeed;
  } catch (error) {
    if (!(error instanceof DetectError)) throw error;
  }
  return parseFeed(text, options);
}

/** feedsmith refuses a recognised feed with nothing in it; to us that is a feed with no entries. */
function emptyFeedOf(text: string): ParsedFeed | null {
  if (detectRssFeed(text)) return { format: "rss", feed: {} } as ParsedFeed;
  if (detectAtomFeed(text)) return { format: "atom", feed: {} } as ParsedFeed;
  if (detectRdfFeed(text)) return { format: "rdf", feed: {} } as ParsedFeed;
  return null;
}

/**
 * JSON Feed, a little more leniently than feedsmith: a JSON object is a JSON Feed when its
 * version names jsonfeed.org (http or https) or is a bare "1"/"1.0"/"1.1" (seen in the wild),
 * or when it has an `items` array. Python-style NaN/Infinity literals are read as null.
 */
function parseJson(text: string): ParsedFeed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    try {
      json = JSON.parse(replaceBareJsonNumbers(text));
    } catch (error) {
      throw parseFailed(
        "malformed",
        `the JSON could not be parsed: ${(error as Error).message}`,
        error,
      );
    }
  }
  if (!isJsonFeed(json)) throw parseFailed("not-a-feed", describeNonFeed(text));
  // feedsmith only accepts the URL form of the version; we have already decided it is a feed.
  const feed = { ...coerceJsonFeed(json), version: "https://jsonfeed.org/version/1.1" };
  try {
    return { format: "json", feed: parseJsonFeed(feed, { maxItems: MAX_ITEMS }) };
  } catch (error) {
    if (error instanceof ParseError)
      return { format: "json", feed: { items: [] } } as unknown as ParsedFeed;
    throw error;
  }
}

function isJsonFeed(json: unknown): json is Record<string, unknown> {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return false;
  const record = json as Record<string, unknown>;
  const version = typeof record.version === "string" ? record.version.trim() : "";
  return (
    /jsonfeed\.org\/version\//i.test(version) ||
    /^1(?:\.\d+)?$/.test(version) ||
    Array.isArray(record.items)
  );
}

/**
 * Replaces NaN / Infinity / -Infinity outside strings with their names as strings (Python
 * writes them; an id of Infinity is the id "Infinity", a number field of it is then dropped).
 */
function replaceBareJsonNumbers(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|-?\b(?:NaN|Infinity)\b/g, (token) =>
    token.startsWith('"') ? token : JSON.stringify(token),
  );
}

const FEED_TEXT_FIELDS = [
  "title",
  "description",
  "home_page_url",
  "feed_url",
  "icon",
  "favicon",
  "user_comment",
  "next_url",
  "language",
];

/**
 * Wrong types in the wild, made what readers expect: text fields that are not strings are
 * dropped; an item id that is a number or boolean is its text (JSON Feed says ids are strings;
 * feedparser reads them so), any other non-string id is dropped; items that are not objects,
 * or hold nothing once cleaned, are no entries.
 */
function coerceJsonFeed(json: Record<string, unknown>): Record<string, unknown> {
  const feed: Record<string, unknown> = { ...json };
  for (const key of FEED_TEXT_FIELDS) {
    if (key in feed && typeof feed[key] !== "string") delete feed[key];
  }
  if (Array.isArray(feed.items)) {
    feed.items = feed.items.flatMap((raw: unknown) => {
      if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return [];
      const item: Record<string, unknown> = { ...raw };
      if (typeof item.id === "number" || typeof item.id === "boolean") item.id = String(item.id);
      else if ("id" in item && typeof item.id !== "string") delete item.id;
      return Object.keys(item).length > 0 ? [item] : [];
    });
  }
  return feed;
}

function describeNonFeed(text: string): string {
  if (/^<!doctype html|^<html[\s>]/i.test(text) || /<html[\s>]/i.test(text.slice(0, 2048))) {
    return "the document is an HTML page, not a feed";
  }
  if (text.startsWith("{") || text.startsWith("[")) return "the JSON document is not a JSON Feed";
  if (text.startsWith("<")) return "the XML document is not an RSS, Atom or RDF feed";
  return "the document is not a feed";
}
