/**
 * The shapes every ingestion stage hands to the next, and what the store receives.
 * Field names are those of the feed and entry columns and of the API's entry shape, in camelCase.
 */

/** A feed's own metadata after normalization. Text fields are plain text, URLs absolute. */
export interface NormalizedFeed {
  title: string | null;
  /** The URL the feed was fetched from (the subscription's identity). */
  url: string;
  siteUrl: string | null;
  description: string | null;
  image: string | null;
  language: string | null;
  /**
   * Read but not stored (the feed table has no column for them): the feed's author names
   * (else e-mail addresses) and the first author's URL and avatar, its copyright notice,
   * categories, and when it last changed.
   */
  author?: string | null;
  authorUrl?: string | null;
  authorAvatar?: string | null;
  rights?: string | null;
  categories?: string[];
  updatedAt?: Date | null;
}

export interface EntryMedia {
  type: "photo" | "video";
  url: string;
  width?: number;
  height?: number;
  previewImageUrl?: string;
}

export interface EntryAttachment {
  url: string;
  mimeType?: string;
  sizeInBytes?: number;
  durationInSeconds?: number;
  title?: string;
}

export interface EntryLink {
  url: string;
  rel?: string;
  type?: string;
  title?: string;
}

/** One entry, ready to store: content is sanitized HTML, everything else plain text or URLs. */
export interface NormalizedEntry {
  /** Stable identity within the feed: id/guid, else link, else a content hash. */
  guid: string;
  title: string | null;
  /** Absolute http(s) URL of the entry's page, or null. */
  url: string | null;
  /** Sanitized HTML (sanitized once, at ingest). */
  content: string | null;
  /** Plain-text excerpt (~300 characters) of the summary, else of the content. */
  description: string | null;
  author: string | null;
  authorUrl: string | null;
  authorAvatar: string | null;
  /** null when the feed gives no parseable date; the store falls back to insertedAt. */
  publishedAt: Date | null;
  categories: string[];
  media: EntryMedia[];
  attachments: EntryAttachment[];
  language: string | null;
  extra?: { links?: EntryLink[] };
}

/**
 * What normalize hands to sanitize: content is still the feed's raw HTML, and `baseUrl` is
 * what its relative URLs resolve against (xml:base, else the entry link, else the feed URL).
 */
export interface EntryDraft extends NormalizedEntry {
  baseUrl: string | null;
}

export type FeedFormat = "rss" | "atom" | "rdf" | "json";

/** The result of ingesting one feed document. */
export interface IngestedFeed {
  format: FeedFormat;
  /** The character encoding the bytes were decoded with (lower case, e.g. "utf-8"). */
  encoding: string;
  feed: NormalizedFeed;
  entries: NormalizedEntry[];
}
