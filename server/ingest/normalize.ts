import { createHash } from "node:crypto";
import { adaptAtom } from "./adapters/atom.ts";
import { adaptJson } from "./adapters/json.ts";
import type { RawEntry, RawFeed, RawMedia, RawPerson, RawText } from "./adapters/raw.ts";
import { adaptRdf, adaptRss } from "./adapters/rss.ts";
import { parseFeedDate } from "./dates.ts";
import type {
  EntryAttachment,
  EntryDraft,
  EntryLink,
  EntryMedia,
  NormalizedFeed,
} from "./model.ts";
import type { ParsedFeed } from "./parse.ts";
import { excerpt, htmlToText, textOf, textToHtml } from "./text.ts";
import { resolveHttpUrl } from "./urls.ts";

/**
 * Normalize stage: a parsed feed (any format) -> our feed and entry shapes (SPEC §3).
 * URLs become absolute (xml:base, else the entry link, else the feed URL), dates Date|null,
 * titles and descriptions plain text. Content stays raw HTML here: the sanitize stage cleans
 * it, using each draft's `baseUrl`.
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
  return {
    feed: {
      title: textOf(raw.title?.value, raw.title?.type),
      url: documentUrl ?? "",
      siteUrl: resolveHttpUrl(raw.siteUrl, base),
      description: textOf(raw.description?.value, raw.description?.type),
      image: resolveHttpUrl(raw.image, base),
      language,
    },
    entries: raw.entries.map((entry) => normalizeEntry(entry, raw, documentUrl, language)),
  };
}

function adapt(parsed: ParsedFeed, documentUrl: string | null): RawFeed {
  switch (parsed.format) {
    case "rss":
      return adaptRss(parsed.feed, documentUrl);
    case "atom":
      return adaptAtom(parsed.feed, documentUrl);
    case "rdf":
      return adaptRdf(parsed.feed, documentUrl);
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
  const url = resolveHttpUrl(entry.link, base) ?? resolveHttpUrl(entry.permalinkGuid, base);
  const title = textOf(entry.title?.value, entry.title?.type);
  const content = htmlOf(entry.content) ?? htmlOf(entry.summary);
  const published = parseFeedDate(entry.published) ?? parseFeedDate(entry.updated);
  const authors = entry.authors.some(hasIdentity) ? entry.authors : feed.inheritedAuthors;
  const summaryText = entry.summary ? plainText(entry.summary) : "";
  const descriptionText = summaryText || (content ? htmlToText(content) : "");
  const links = otherLinks(entry, base);

  return {
    guid:
      entry.id ??
      url ??
      entry.link ??
      contentHash(title, content, entry.published ?? entry.updated),
    title,
    url,
    content,
    description: descriptionText ? excerpt(descriptionText, DESCRIPTION_LENGTH) : null,
    ...authorFields(authors, base),
    publishedAt: published,
    categories: unique(entry.categories.map((c) => c.trim()).filter(Boolean)),
    media: mediaOf(entry, base),
    attachments: attachmentsOf(entry, base),
    language: languageTag(entry.language) ?? feedLanguage,
    ...(links.length > 0 ? { extra: { links } } : {}),
    // Content URLs follow an explicit xml:base; otherwise the entry's own page, then the feed.
    baseUrl: entry.contentBase ?? url ?? base,
  };
}

/** A text construct as HTML content: plain text is escaped, (x)html kept for the sanitizer. */
function htmlOf(text: RawText | null): string | null {
  if (!text || text.value.trim() === "") return null;
  return text.type === "text" ? textToHtml(text.value) : text.value;
}

function plainText(text: RawText): string {
  return text.type === "text" ? text.value.replace(/\s+/g, " ").trim() : htmlToText(text.value);
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

function hasIdentity(person: RawPerson): boolean {
  return Boolean(person.name || person.email || person.url);
}

function authorFields(authors: RawPerson[], base: string | null) {
  const named = authors.filter(hasIdentity);
  const names = unique(named.map((p) => p.name?.trim() || p.email?.trim() || "").filter(Boolean));
  const first = named[0];
  return {
    author: names.length > 0 ? names.join(", ") : null,
    authorUrl: resolveHttpUrl(first?.url, base),
    authorAvatar: resolveHttpUrl(first?.avatar, base),
  };
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
    const url = resolveHttpUrl(m.url, base);
    return url ? [{ ...m, url }] : [];
  });
}

function attachmentsOf(entry: RawEntry, base: string | null): EntryAttachment[] {
  let durationGiven = false;
  const attachments = entry.enclosures.flatMap((enclosure): EntryAttachment[] => {
    const url = resolveHttpUrl(enclosure.url, base);
    if (!url) return [];
    const attachment: EntryAttachment = { url };
    if (enclosure.mimeType) attachment.mimeType = enclosure.mimeType;
    if (enclosure.length) attachment.sizeInBytes = enclosure.length;
    if (enclosure.title) attachment.title = enclosure.title;
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
    const url = resolveHttpUrl(link.href, base);
    if (!url) return [];
    const out: EntryLink = { url };
    if (link.rel) out.rel = link.rel;
    if (link.type) out.type = link.type;
    if (link.title) out.title = link.title;
    return [out];
  });
  return uniqueBy(links, (l) => l.url);
}

/** "en_US" -> "en-US": BCP 47 uses hyphens; feeds often write locale underscores. */
function languageTag(value: string | null | undefined): string | null {
  const tag = value?.trim().replace(/_/g, "-");
  return tag ? tag : null;
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
