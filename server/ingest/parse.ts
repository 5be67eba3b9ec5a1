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
  parseRdfFeed,
  parseRssFeed,
} from "feedsmith";
import { withoutDoctype } from "./doctype.ts";
import { IngestError, parseFailed } from "./errors.ts";
import { withHtml4Entities } from "./html4-entities.ts";
import { rewriteLegacyConventions } from "./legacy.ts";
import { MAX_FEED_ITEMS } from "./limits.ts";
import { type JsonFeedDocument, parseJsonFeed } from "./parse-json.ts";
import { resolveNamespacePrefixes } from "./xml-namespaces.ts";
import { closeUnclosedElements } from "./xml-repair.ts";

/**
 * Parse stage: decoded text -> the format's own object model (feedsmith), for RSS 0.9x/2.0,
 * RSS 1.0/RDF, Atom 0.3/1.0 and JSON Feed 1.0/1.1, with the iTunes, Podcast, Media RSS,
 * Dublin Core, content and xml (xml:base, xml:lang) namespaces. Dates stay raw strings:
 * normalize parses them with our own, more forgiving, date reader.
 *
 * Failures are IngestError 2004: "not-a-feed" when no format is recognised (an HTML page, say),
 * "malformed" when the document is a feed but cannot be read.
 *
 * XML results keep the text feedsmith read (after the rewrites below): a few things feedsmith
 * drops (element order, some attributes) are read from it when needed (adapters/outline.ts).
 */
export type XmlParsedFeed = Exclude<AnyFeed<string>, { format: "json" }> & { text: string };
export type ParsedFeed = XmlParsedFeed | { format: "json"; feed: JsonFeedDocument };

export function parseFeedText(text: string): ParsedFeed {
  const trimmed = text.trimStart();
  if (trimmed === "") throw parseFailed("not-a-feed", "the document is empty");
  try {
    if (trimmed.startsWith("{")) {
      return { format: "json", feed: parseJsonFeed(trimmed, MAX_FEED_ITEMS, describeNonFeed) };
    }
    return parseXml(prepareXml(trimmed));
  } catch (error) {
    if (error instanceof ParseError) {
      const empty = emptyFeedOf(trimmed);
      if (empty) return { ...empty, text: trimmed } as XmlParsedFeed;
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

/**
 * The document as feedsmith should read it: no DOCTYPE (entities expanded within limits),
 * legacy conventions in their modern form, HTML 4 entity meanings, namespaces by URI.
 */
function prepareXml(text: string): string {
  return resolveNamespacePrefixes(
    withHtml4Entities(rewriteLegacyConventions(withoutDoctype(text))),
  );
}

/**
 * Parses XML; a feed truncated inside its final end tag (`</rss`) is repaired and retried. A
 * feed read with no items although it has item tags, or refused as malformed, is retried with
 * the elements its end tags leave open closed (xml-repair.ts); when that recovers no items
 * either, the feed is refused as malformed rather than accepted as empty.
 */
function parseXml(text: string): XmlParsedFeed {
  let parsed: XmlParsedFeed;
  try {
    parsed = { ...parseByRoot(text), text };
  } catch (error) {
    if (!(error instanceof MalformedError)) throw error;
    const truncated = text.replace(/(<\/[\w:.-]+)\s*$/, "$1>");
    if (truncated !== text) return { ...parseByRoot(truncated), text: truncated };
    const recovered = recoverItems(text);
    if (recovered) return recovered;
    throw error;
  }
  if (itemCount(parsed) > 0 || !ITEM_TAG.test(text)) return parsed;
  const recovered = recoverItems(text);
  if (recovered) return recovered;
  if (closeUnclosedElements(text) === null) return parsed;
  throw parseFailed("malformed", "the feed's items are inside an element that is never closed");
}

const ITEM_TAG = /<(?:[\w.-]+:)?(?:item|entry)[\s>]/;

/** The feed re-read with unclosed elements closed, if that gives it items. */
function recoverItems(text: string): XmlParsedFeed | null {
  const repaired = closeUnclosedElements(text);
  if (repaired === null) return null;
  try {
    const parsed: XmlParsedFeed = { ...parseByRoot(repaired), text: repaired };
    return itemCount(parsed) > 0 ? parsed : null;
  } catch {
    return null;
  }
}

function itemCount(parsed: XmlParsedFeed): number {
  return parsed.format === "atom"
    ? (parsed.feed.entries?.length ?? 0)
    : (parsed.feed.items?.length ?? 0);
}

/**
 * The format's own parser when the root element names it; feedsmith's detection (regexes over
 * the whole document, format after format) only for anything else. On a 10 MB Atom feed that
 * detection alone cost ~25 ms, a failed search for `<rss` through every byte.
 */
function parseByRoot(text: string): Exclude<AnyFeed<string>, { format: "json" }> {
  const options = { maxItems: MAX_FEED_ITEMS };
  const root = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<(?:[\w.-]+:)?([\w.-]+)[\s>/]/.exec(
    text.slice(0, 4096),
  )?.[1];
  try {
    if (root === "rss") return { format: "rss", feed: parseRssFeed(text, options) };
    if (root === "feed") return { format: "atom", feed: parseAtomFeed(text, options) };
    if (root === "RDF") return { format: "rdf", feed: parseRdfFeed(text, options) };
  } catch (error) {
    if (!(error instanceof DetectError)) throw error;
  }
  const parsed = parseFeed(text, options);
  if (parsed.format === "json") throw new DetectError("a JSON Feed in an XML document");
  return parsed;
}

/** feedsmith refuses a recognised feed with nothing in it; to us that is a feed with no entries. */
function emptyFeedOf(text: string): Exclude<AnyFeed<string>, { format: "json" }> | null {
  if (detectRssFeed(text)) return { format: "rss", feed: {} };
  if (detectAtomFeed(text)) return { format: "atom", feed: {} };
  if (detectRdfFeed(text)) return { format: "rdf", feed: {} };
  return null;
}

function describeNonFeed(text: string): string {
  if (/^<!doctype html|^<html[\s>]/i.test(text) || /<html[\s>]/i.test(text.slice(0, 2048))) {
    return "the document is an HTML page, not a feed";
  }
  if (text.startsWith("{") || text.startsWith("[")) return "the JSON document is not a JSON Feed";
  if (text.startsWith("<")) return "the XML document is not an RSS, Atom or RDF feed";
  return "the document is not a feed";
}
