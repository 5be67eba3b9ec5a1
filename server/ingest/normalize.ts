import { createHash } from "node:crypto";
import { collapse } from "../../contract/html/text.ts";
import type {
  EntryAttachment,
  EntryDraft,
  EntryLink,
  EntryMedia,
  NormalizedFeed,
} from "../feed-model.ts";
import { adaptAtom } from "./adapters/atom.ts";
import { adaptJson } from "./adapters/json.ts";
import type { RawEntry, RawFeed, RawMedia, RawPerson, RawText } from "./adapters/raw.ts";
import { adaptRdf, adaptRss } from "./adapters/rss.ts";
import { stripControlsDeep } from "./control-chars.ts";
import { parseFeedDate } from "./dates.ts";
import {
  capBytes,
  capGuid,
  capText,
  capUrl,
  MAX_AUTHOR_CHARS,
  MAX_CATEGORIES,
  MAX_CATEGORY_CHARS,
  MAX_CONTENT_BYTES,
  MAX_ENTRY_DESCRIPTION_CHARS,
  MAX_ENTRY_TITLE_CHARS,
  MAX_FEED_DESCRIPTION_CHARS,
  MAX_FEED_TITLE_CHARS,
  MAX_LABEL_CHARS,
  MAX_LANGUAGE_CHARS,
  MAX_LIST_ITEMS,
} from "./limits.ts";
import type { ParsedFeed } from "./parse.ts";
import { excerpt, htmlToText, textOf, textToHtml } from "./text.ts";
import { resolveHttpUrl } from "./urls.ts";

/**
 * Normalize stage: a parsed feed (any format) -> our feed and entry shapes (feed-model.ts).
 * URLs become absolute (xml:base, else the entry link, else the feed URL), dates Date|null,
 * titles and descriptions plain text. Content stays raw HTML here: the sanitize stage cleans
 * it, using each draft's `baseUrl`. Every field is cut to its cap (limits.ts) here, so nothing
 * a feed sends is stored larger.
 */
export interface NormalizedDocument {
  feed: NormalizedFeed;
  entries: EntryDraft[];
}

const DESCRIPTION_LENGTH = 300;

export function normalizeFeed(parsed: ParsedFeed, documentUrl: string | null): NormalizedDocument {
  const raw = adapt(parsed, documentUrl);
  const base = raw.base ?? documentUrl;
  const language = languageTag(raw.language);
  // Control characters out of every text and URL field, whatever the format sent.
  return stripControlsDeep({
    feed: {
      title: textField(raw.title, MAX_FEED_TITLE_CHARS),
      url: documentUrl ?? "",
      siteUrl: httpUrl(raw.siteUrl, base),
      description: textField(raw.description, MAX_FEED_DESCRIPTION_CHARS),
      // A blank icon stays empty: the feed says it has none.
      image: raw.image === "" ? "" : httpUrl(raw.image, base),
      language,
      ...authorFields(raw.feedAuthors, base),
      rights: textField(raw.rights, MAX_FEED_DESCRIPTION_CHARS),
      categories: categoriesOf(raw.categories),
      updatedAt: parseFeedDate(raw.updated, language),
    },
    entries: raw.entries.map((entry) => normalizeEntry(entry, raw, documentUrl, language)),
  });
}

function adapt(parsed: ParsedFeed, documentUrl: string | null): RawFeed {
  switch (parsed.format) {
    case "rss":
      return adaptRss(parsed.feed, documentUrl, parsed.text);
    case "atom":
      return adaptAtom(parsed.feed, documentUrl, parsed.text);
    case "rdf":
      return adaptRdf(parsed.feed, documentUrl, parsed.text);
    case "json":
      return adaptJson(parsed.feed, documentUrl);
  }
}

function normalizeEntry(
  entry: RawEntry,
  feed: RawFeed,
  documentUrl: string | null,
  feedLanguage: string | null,
): EntryDraft {
  const base = entry.base ?? feed.base ?? documentUrl;
  const url = httpUrl(entry.link, base) ?? httpUrl(entry.permalinkGuid, base);
  const title = textField(entry.title, MAX_ENTRY_TITLE_CHARS);
  const fullContent = htmlOf(entry.content) ?? htmlOf(entry.summary);
  const content = fullContent === null ? null : capBytes(fullContent, MAX_CONTENT_BYTES);
  const published =
    parseFeedDate(entry.published, feedLanguage) ?? parseFeedDate(entry.updated, feedLanguage);
  const authors = entry.authors.some(hasIdentity) ? entry.authors : feed.inheritedAuthors;
  const summaryText = entry.summary ? plainText(entry.summary) : "";
  const descriptionText = summaryText || (content ? htmlToText(textSource(content, 0)) : "");
  const links = otherLinks(entry, base);

  return {
    guid: capGuid(
      entry.id ??
        url ??
        entry.link ??
        contentHash(title, content, entry.published ?? entry.updated),
    ),
    title,
    url,
    content,
    description: descriptionText
      ? capText(excerpt(descriptionText, DESCRIPTION_LENGTH), MAX_ENTRY_DESCRIPTION_CHARS)
      : null,
    ...authorFields(authors, base),
    publishedAt: published,
    categories: categoriesOf(entry.categories),
    media: mediaOf(entry, base).slice(0, MAX_LIST_ITEMS),
    attachments: attachmentsOf(entry, base).slice(0, MAX_LIST_ITEMS),
    language: languageTag(entry.language) ?? feedLanguage,
    ...(links.length > 0 ? { extra: { links: links.slice(0, MAX_LIST_ITEMS) } } : {}),
    // Content URLs follow an explicit xml:base; otherwise the entry's own page, then the feed.
    baseUrl: entry.contentBase ?? url ?? base,
  };
}

/** An absolute http(s) URL short enough to store, or null. */
function httpUrl(value: string | null | undefined, base: string | null): string | null {
  return capUrl(resolveHttpUrl(value, base));
}

/** Distinct, trimmed, each cut to its cap, at most MAX_CATEGORIES of them. */
function categoriesOf(categories: string[]): string[] {
  const out = new Set<string>();
  for (const category of categories) {
    const trimmed = capText(category.trim(), MAX_CATEGORY_CHARS);
    if (trimmed) out.add(trimmed);
    if (out.size >= MAX_CATEGORIES) break;
  }
  return [...out];
}

/** Plain-text labels (titles, MIME types, rel values) cut to their cap. */
function label(value: string | undefined): string | undefined {
  return value === undefined ? undefined : capText(value, MAX_LABEL_CHARS);
}

/** A text construct as HTML content: plain text is escaped, (x)html kept for the sanitizer. */
function htmlOf(text: RawText | null): string | null {
  if (!text || text.value.trim() === "") return null;
  return text.type === "text" ? textToHtml(text.value) : text.value;
}

/** The start of a summary as plain text: enough for the excerpt, however long the summary. */
function plainText(text: RawText): string {
  const value = textSource(text.value, 0);
  return text.type === "text" ? collapse(value) : htmlToText(value);
}

/** A text construct as plain text, at most `max` characters. */
function textField(text: RawText | null, max: number): string | null {
  if (!text) return null;
  return capText(textOf(textSource(text.value, max), text.type), max);
}

/**
 * The part of a raw value worth converting to text for a field of `max` characters: markup
 * can take many characters per visible one, but not 64 KiB of them, and converting a
 * hostile 10 MB title in full only to keep its first 1,000 characters is wasted work.
 */
function textSource(value: string, max: number): string {
  const limit = Math.max(65_536, max * 16);
  return value.length > limit ? value.slice(0, limit) : value;
}

/** The last-resort guid: stable as long as the entry's title, content and date do not change. */
function contentHash(title: string | null, content: string | null, date: string | null): string {
  const hash = createHash("sha256");
  hash
    .update(title ?? "")
    .update("\u0000")
    .update(content ?? "")
    .update("\u0000")
    .update(date ?? "");
  return `sha256:${hash.digest("hex")}`;
}

/** A person given by any one of name, e-mail, URL or avatar (JSON Feed needs only one). */
function hasIdentity(person: RawPerson): boolean {
  return Boolean(person.name || person.email || person.url || person.avatar);
}

function authorFields(authors: RawPerson[], base: string | null) {
  const named = authors.filter(hasIdentity);
  const names = unique(named.map((p) => p.name?.trim() || p.email?.trim() || "").filter(Boolean));
  const first = named[0];
  return {
    author: names.length > 0 ? capText(names.join(", "), MAX_AUTHOR_CHARS) : null,
    authorUrl: personUrl(first?.url, base),
    authorAvatar: httpUrl(first?.avatar, base),
  };
}

/** A person's web page, or the mailto: link some feeds give instead (JSON Feed allows either). */
function personUrl(value: string | null | undefined, base: string | null): string | null {
  const mailto = value?.trim();
  if (mailto && /^mailto:[^\s@]+@[^\s@]+$/i.test(mailto)) return capUrl(mailto);
  return httpUrl(value, base);
}

function mediaOf(entry: RawEntry, base: string | null): EntryMedia[] {
  const media = resolveMedia(entry.media, base);
  const thumbnails = resolveMedia(entry.thumbnails, base);
  const video = media.find((m) => m.type === "video" && !m.previewImageUrl);
  if (video && thumbnails[0]) video.previewImageUrl = thumbnails[0].url;
  else if (!media.some((m) => m.type === "photo")) media.push(...thumbnails);
  return uniqueBy(media, (m) => m.url);
}

function resolveMedia(list: RawMedia[], base: string | null): EntryMedia[] {
  return list.flatMap((m) => {
    const url = httpUrl(m.url, base);
    const previewImageUrl = m.previewImageUrl === undefined ? undefined : capUrl(m.previewImageUrl);
    if (!url) return [];
    const media: EntryMedia = { ...m, url };
    if (previewImageUrl) media.previewImageUrl = previewImageUrl;
    else delete media.previewImageUrl;
    return [media];
  });
}

function attachmentsOf(entry: RawEntry, base: string | null): EntryAttachment[] {
  let durationGiven = false;
  const attachments = entry.enclosures.flatMap((enclosure): EntryAttachment[] => {
    const url = httpUrl(enclosure.url, base);
    if (!url) return [];
    const attachment: EntryAttachment = { url };
    if (enclosure.mimeType) attachment.mimeType = label(enclosure.mimeType);
    if (enclosure.length) attachment.sizeInBytes = enclosure.length;
    if (enclosure.title) attachment.title = label(enclosure.title);
    const playable = /^(audio|video)\//.test(enclosure.mimeType ?? "");
    const duration =
      enclosure.durationInSeconds ?? (playable && !durationGiven ? entry.durationInSeconds : null);
    if (duration) {
      attachment.durationInSeconds = duration;
      durationGiven = true;
    }
    return [attachment];
  });
  return uniqueBy(attachments, (a) => a.url);
}

function otherLinks(entry: RawEntry, base: string | null): EntryLink[] {
  const links = entry.otherLinks.flatMap((link): EntryLink[] => {
    const url = httpUrl(link.href, base);
    if (!url) return [];
    const out: EntryLink = { url };
    if (link.rel) out.rel = label(link.rel);
    if (link.type) out.type = label(link.type);
    if (link.title) out.title = label(link.title);
    return [out];
  });
  return uniqueBy(links, (l) => l.url);
}

/** "en_US" -> "en-US": BCP 47 uses hyphens; feeds often write locale underscores. */
function languageTag(value: string | null | undefined): string | null {
  const tag = value?.trim().replace(/_/g, "-");
  return tag && tag.length <= MAX_LANGUAGE_CHARS ? tag : null;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function uniqueBy<T>(values: T[], key: (value: T) => string): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
