/**
 * The format-neutral shape every adapter produces from its format's object model. Values are
 * still raw (relative URLs, unparsed dates, unsanitized HTML); normalize finishes the job.
 */

/** A text construct: `type` is "text", "html" or "xhtml" (Atom), absent when unknown (RSS). */
export interface RawText {
  value: string;
  type?: string;
}

export interface RawPerson {
  name?: string | null;
  email?: string | null;
  url?: string | null;
  avatar?: string | null;
}

export interface RawMedia {
  type: "photo" | "video";
  url: string;
  width?: number;
  height?: number;
  previewImageUrl?: string;
}

export interface RawEnclosure {
  url: string;
  mimeType?: string;
  length?: number;
  durationInSeconds?: number;
  title?: string;
}

export interface RawLink {
  href: string;
  rel?: string;
  type?: string;
  title?: string;
}

export interface RawEntry {
  id: string | null;
  title: RawText | null;
  /** The entry's own page, possibly relative. */
  link: string | null;
  /** Other links worth keeping (related, via, external_url...). */
  otherLinks: RawLink[];
  /** A guid that is a permalink: used as the URL when there is no link. */
  permalinkGuid: string | null;
  /** Absolute base for the entry's relative URLs (xml:base chain onto the document URL). */
  base: string | null;
  /** The base for the content's relative URLs when an xml:base declared one; else null. */
  contentBase: string | null;
  content: RawText | null;
  summary: RawText | null;
  /**
   * Summary-like and content values by element name ("description", "content:encoded"...),
   * from which summary and content are chosen (summary-precedence.ts).
   */
  candidates: Map<string, RawText>;
  authors: RawPerson[];
  published: string | null;
  updated: string | null;
  categories: string[];
  media: RawMedia[];
  /** Thumbnails without a video to attach to become photos. */
  thumbnails: RawMedia[];
  enclosures: RawEnclosure[];
  /** itunes:duration (seconds) for the first audio/video enclosure. */
  durationInSeconds: number | null;
  language: string | null;
}

export interface RawFeed {
  title: RawText | null;
  siteUrl: string | null;
  description: RawText | null;
  image: string | null;
  language: string | null;
  /** Absolute base for the feed-level relative URLs. */
  base: string | null;
  /** Authors entries inherit when they name none (Atom and JSON Feed semantics). */
  inheritedAuthors: RawPerson[];
  /** The feed's own author(s): Atom/JSON Feed authors; RSS managingEditor, else dc:creator... */
  feedAuthors: RawPerson[];
  /** Copyright notice (RSS copyright, Atom rights, else dc:rights). */
  rights: RawText | null;
  /** The feed's own categories (RSS category, dc:subject, iTunes categories flattened). */
  categories: string[];
  /** When the feed last changed, raw (lastBuildDate, Atom updated, else dc:date...). */
  updated: string | null;
  entries: RawEntry[];
}

/** Trimmed non-empty string, or null (feeds love whitespace-only elements). */
export function str(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

export function emptyEntry(): RawEntry {
  return {
    id: null,
    title: null,
    link: null,
    otherLinks: [],
    permalinkGuid: null,
    base: null,
    contentBase: null,
    content: null,
    summary: null,
    candidates: new Map(),
    authors: [],
    published: null,
    updated: null,
    categories: [],
    media: [],
    thumbnails: [],
    enclosures: [],
    durationInSeconds: null,
    language: null,
  };
}
