import { createHash } from "node:crypto";

/**
 * Length caps on everything a feed can make us store. A feed row is shared by every subscriber
 * and entries reach every timeline, so no field may grow with what a hostile document sends.
 * Text is cut in characters (at a code point boundary), content in UTF-8 bytes; URLs longer than
 * their cap are dropped rather than cut (half a URL points somewhere else).
 */
/** Feeds larger than this many entries are cut: nobody reads entry 5,001 of one fetch. */
export const MAX_FEED_ITEMS = 5000;
export const MAX_FEED_TITLE_CHARS = 1_000;
export const MAX_FEED_DESCRIPTION_CHARS = 10_000;
export const MAX_ENTRY_TITLE_CHARS = 1_000;
/** All author names of one entry, joined. */
export const MAX_AUTHOR_CHARS = 500;
export const MAX_CATEGORY_CHARS = 200;
export const MAX_CATEGORIES = 50;
/** The plain-text excerpt of an entry (normalize makes ~300 characters; this is the hard cap). */
export const MAX_ENTRY_DESCRIPTION_CHARS = 10_000;
/** Entry content, raw before sanitizing and sanitized after. */
export const MAX_CONTENT_BYTES = 1_000_000;
export const MAX_URL_CHARS = 4_096;
/** Guids longer than this are stored as their SHA-256 (still stable, still unique). */
export const MAX_GUID_CHARS = 1_000;
export const MAX_LANGUAGE_CHARS = 35;
/** Media, attachments and extra links of one entry, each. */
export const MAX_LIST_ITEMS = 50;
/** Short labels: attachment titles, MIME types, link rel/type/title. */
export const MAX_LABEL_CHARS = 500;

/** At most `max` characters, never splitting a surrogate pair. */
export function capText(text: string, max: number): string;
export function capText(text: string | null, max: number): string | null;
export function capText(text: string | null, max: number): string | null {
  if (text === null || text.length <= max) return text;
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end).trimEnd();
}

/** A URL, or null when it is longer than MAX_URL_CHARS. */
export function capUrl(url: string | null): string | null {
  return url !== null && url.length > MAX_URL_CHARS ? null : url;
}

/** The guid itself, or `sha256:<hex>` of it when it is too long to store. */
export function capGuid(guid: string): string {
  if (guid.length <= MAX_GUID_CHARS) return guid;
  return `sha256:${createHash("sha256").update(guid).digest("hex")}`;
}

/**
 * At most `maxBytes` of UTF-8, cut at a character boundary (and outside a tag when one is
 * open at the cut, so the sanitizer does not keep half an attribute).
 */
export function capBytes(html: string, maxBytes: number): string {
  // Each UTF-16 unit is at most 3 UTF-8 bytes: short strings need no counting.
  if (html.length * 3 <= maxBytes || Buffer.byteLength(html) <= maxBytes) return html;
  // Every character is at least one byte: the first maxBytes characters hold the cut.
  let cut = Buffer.from(html.slice(0, maxBytes)).subarray(0, maxBytes).toString("utf8");
  if (cut.endsWith("\ufffd")) cut = cut.slice(0, -1);
  const lastOpen = cut.lastIndexOf("<");
  return lastOpen > cut.lastIndexOf(">") ? cut.slice(0, lastOpen) : cut;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
