import type { DcNs, DcTermsNs, ItunesNs, MediaNs } from "feedsmith";
import { parseDuration } from "../dates.ts";
import {
  type RawEnclosure,
  type RawEntry,
  type RawMedia,
  type RawPerson,
  type RawText,
  str,
} from "./raw.ts";

/**
 * Readers for the namespaces RSS, RDF and Atom share: Media RSS, iTunes, Dublin Core.
 * Each fills the parts of a RawEntry its namespace knows about.
 */

type MediaContent = MediaNs.Content<false>;

/** media:content / media:group / media:thumbnail -> photos, videos, audio enclosures. */
export function readMedia(media: MediaNs.ItemOrFeed<false> | undefined, entry: RawEntry): void {
  if (!media) return;
  const contents: MediaContent[] = [
    ...(media.contents ?? []),
    ...(media.groups ?? []).flatMap((g) => g.contents ?? []),
  ];
  const thumbnails = [
    ...(media.thumbnails ?? []),
    ...(media.groups ?? []).flatMap((g) => g.thumbnails ?? []),
    ...contents.flatMap((c) => c.thumbnails ?? []),
  ];
  for (const content of contents) {
    const url = str(content.url);
    if (!url) continue;
    const kind = mediaKind(content.medium, content.type);
    if (kind === "photo" || kind === "video") {
      entry.media.push({ type: kind, url, ...dimensions(content.width, content.height) });
    }
    if (kind === "video" || kind === "audio") {
      entry.enclosures.push(
        enclosureOf(url, content.type, content.fileSize, content.duration, content.title?.value),
      );
    }
  }
  const categories = [
    ...(media.categories ?? []),
    ...(media.groups ?? []).flatMap((g) => g.categories ?? []),
  ];
  entry.categories.push(
    ...categories.map((c) => str(c.label) ?? str(c.name)).filter((c): c is string => c !== null),
  );
  for (const thumb of thumbnails) {
    const url = str(thumb.url);
    if (url)
      entry.thumbnails.push({ type: "photo", url, ...dimensions(thumb.width, thumb.height) });
  }
}

/** "image", "video", "audio" or null, from media:content's medium or its MIME type. */
export function mediaKind(medium?: string, mimeType?: string): "photo" | "video" | "audio" | null {
  const m = medium?.trim().toLowerCase();
  if (m === "image") return "photo";
  if (m === "video" || m === "audio") return m;
  const type = mimeType?.trim().toLowerCase() ?? "";
  if (type.startsWith("image/")) return "photo";
  if (type.startsWith("video/")) return "video";
  if (type.startsWith("audio/")) return "audio";
  return null;
}

export function enclosureOf(
  url: string,
  mimeType?: string,
  length?: number,
  duration?: number,
  title?: string,
): RawEnclosure {
  const enclosure: RawEnclosure = { url };
  const type = str(mimeType);
  if (type) enclosure.mimeType = type.toLowerCase();
  if (typeof length === "number" && Number.isFinite(length) && length > 0)
    enclosure.length = Math.round(length);
  const seconds = parseDuration(duration);
  if (seconds !== null && seconds > 0) enclosure.durationInSeconds = seconds;
  const name = str(title);
  if (name) enclosure.title = name;
  return enclosure;
}

/** Photo or video for an enclosure-like thing, when its MIME type says so. */
export function mediaFromEnclosure(enclosure: RawEnclosure): RawMedia | null {
  const kind = mediaKind(undefined, enclosure.mimeType);
  return kind === "photo" || kind === "video" ? { type: kind, url: enclosure.url } : null;
}

function dimensions(width?: number, height?: number): { width?: number; height?: number } {
  const out: { width?: number; height?: number } = {};
  if (typeof width === "number" && width > 0) out.width = Math.round(width);
  if (typeof height === "number" && height > 0) out.height = Math.round(height);
  return out;
}

/** itunes:duration, itunes:image, itunes:author and itunes:keywords for an item. */
export function readItunes(itunes: ItunesNs.Item | undefined, entry: RawEntry): void {
  if (!itunes) return;
  const seconds = parseDuration(itunes.duration);
  if (seconds !== null && seconds > 0) entry.durationInSeconds = seconds;
  const image = str(itunes.image);
  if (image) entry.thumbnails.push({ type: "photo", url: image });
  const author = str(itunes.author);
  if (author && entry.authors.length === 0) entry.authors.push(personFromText(author));
  // itunes:keywords, comma-separated: tags like categories (feedparser reads them so).
  entry.categories.push(...(itunes.keywords ?? []).filter((k): k is string => Boolean(str(k))));
}

/**
 * dc:creator, dc:date, dc:subject, dc:language for an item (each only if still unknown);
 * dc:description is one of the summary candidates the adapters weigh.
 */
export function readDublinCore(dc: DcNs.ItemOrFeed<string> | undefined, entry: RawEntry): void {
  if (!dc) return;
  if (entry.authors.length === 0) entry.authors.push(...(dc.creators ?? []).map(personFromText));
  entry.published ??= str(dc.dates?.[0]);
  entry.categories.push(...(dc.subjects ?? []));
  entry.language ??= str(dc.languages?.[0]);
}

/** dcterms:issued/created as the publication date, dcterms:modified as the update date. */
export function readDcTerms(
  dcterms: DcTermsNs.ItemOrFeed<string> | undefined,
  entry: RawEntry,
): void {
  if (!dcterms) return;
  entry.published ??=
    str(dcterms.issued?.[0]) ?? str(dcterms.created?.[0]) ?? str(dcterms.dates?.[0]);
  entry.updated ??= str(dcterms.modified?.[0]);
}

/** media:title stands in for a missing title (YouTube feeds); media:description is a summary candidate. */
export function readMediaText(media: MediaNs.ItemOrFeed<false> | undefined, entry: RawEntry): void {
  if (!media) return;
  const title = media.title ?? media.groups?.find((g) => g.title)?.title;
  const titleText = str(title?.value);
  if (!entry.title && titleText)
    entry.title = { value: titleText, type: title?.type === "html" ? "html" : "text" };
}

/** media:description of an item or its first group that has one. */
export function mediaDescription(media: MediaNs.ItemOrFeed<false> | undefined): RawText | null {
  const description = media?.description ?? media?.groups?.find((g) => g.description)?.description;
  const value = str(description?.value);
  return value ? { value, type: description?.type === "html" ? "html" : "text" } : null;
}

/**
 * A person written as one string, as RSS writers do: "Name (email)", "email (Name)",
 * "Name <email>". The e-mail address is taken out wherever it stands (with a mailto: before
 * it or a ?subject after it); what remains, without the empty brackets it leaves and one
 * pair of outer parentheses, is the name, otherwise exactly as written: brackets that are
 * part of a name ("[Team] Ann") stay where they are.
 */
export function personFromText(text: string): RawPerson {
  const trimmed = text.trim();
  const match = EMAIL_IN_TEXT.exec(trimmed);
  if (!match) return { name: trimmed };
  let name = trimmed.replace(match[0], "").replace("()", "").replace("<>", "").trim();
  if (name.startsWith("(")) name = name.slice(1);
  if (name.endsWith(")")) name = name.slice(0, -1);
  return { name: name.trim() || null, email: match[1] };
}

const EMAIL_IN_TEXT =
  /(?:mailto:)?([^\s()<>[\]@,;:"]+@[^\s()<>[\]@,;:"?]+\.[^\s()<>[\]@,;:"?]+)(?:\?\S*)?/i;
