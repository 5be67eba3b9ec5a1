import type { AtomFeed } from "feedsmith";
import { resolveBaseChain } from "../urls.ts";
import {
  enclosureOf,
  mediaFromEnclosure,
  readDcTerms,
  readDublinCore,
  readItunes,
  readMedia,
  readMediaText,
} from "./namespaces.ts";
import {
  emptyEntry,
  type RawEntry,
  type RawFeed,
  type RawPerson,
  type RawText,
  str,
} from "./raw.ts";

/** Atom 0.3 and 1.0 -> RawFeed (feedsmith maps 0.3's issued/modified/tagline onto 1.0 names). */

type Entry = AtomFeed.Entry<string>;
type Link = AtomFeed.Link<string>;
/** Rels that are not "other links": the entry itself, its media, its editing endpoints. */
const NOT_EXTRA_LINKS = new Set(["alternate", "self", "enclosure", "edit", "edit-media"]);

type TextConstruct = { value?: string; type?: string; src?: string };

export function adaptAtom(feed: AtomFeed.Feed<string>, documentUrl: string | null): RawFeed {
  const base = resolveBaseChain(documentUrl, feed.xml?.base);
  const authors = persons(feed.authors);
  return {
    title: text(feed.title),
    siteUrl: alternate(feed.links),
    description: text(feed.subtitle),
    image: str(feed.logo) ?? str(feed.icon) ?? str(feed.itunes?.image),
    language: str(feed.xml?.lang) ?? str(feed.dc?.languages?.[0]),
    base,
    inheritedAuthors: authors,
    entries: (feed.entries ?? []).map((entry) => adaptEntry(entry, base, Boolean(feed.xml?.base))),
  };
}

function adaptEntry(item: Entry, feedBase: string | null, feedHasXmlBase: boolean): RawEntry {
  const entry = emptyEntry();
  entry.base = resolveBaseChain(feedBase, item.xml?.base);
  entry.id = str(item.id);
  entry.title = text(item.title);
  entry.link = alternate(item.links);
  entry.otherLinks = (item.links ?? [])
    .filter((l) => str(l.href) && l.rel && !NOT_EXTRA_LINKS.has(l.rel))
    .map((l) => ({ href: l.href!.trim(), rel: l.rel, type: l.type, title: l.title }));
  entry.content = text(item.content);
  // Out-of-line content (<content src=...>): a media file is an enclosure, anything else a link.
  const contentSrc = str(item.content?.src);
  if (contentSrc) {
    const enclosure = enclosureOf(contentSrc, item.content?.type);
    const media = mediaFromEnclosure(enclosure);
    if (media) entry.media.push(media);
    if (media || /^audio\//.test(enclosure.mimeType ?? "")) entry.enclosures.push(enclosure);
    else entry.otherLinks.push({ href: contentSrc, rel: "content", type: item.content?.type });
  }
  const contentXmlBase = item.content?.xml?.base ?? item.summary?.xml?.base;
  if (feedHasXmlBase || item.xml?.base || contentXmlBase)
    entry.contentBase = resolveBaseChain(entry.base, contentXmlBase);
  entry.summary = text(item.summary);
  entry.authors = persons(item.authors);
  if (entry.authors.length === 0) entry.authors = persons(item.source?.authors);
  entry.published = str(item.published);
  entry.updated = str(item.updated);
  entry.categories = (item.categories ?? [])
    .map((c) => str(c.term) ?? str(c.label))
    .filter((c): c is string => c !== null);
  entry.language =
    str(item.xml?.lang) ??
    str(item.content?.xml?.lang) ??
    str(item.summary?.xml?.lang) ??
    str(item.title?.xml?.lang);
  for (const link of item.links ?? []) {
    const href = str(link.href);
    if (link.rel !== "enclosure" || !href) continue;
    const enclosure = enclosureOf(href, link.type, link.length, undefined, link.title);
    entry.enclosures.push(enclosure);
    const media = mediaFromEnclosure(enclosure);
    if (media) entry.media.push(media);
  }
  readMedia(item.media, entry);
  readItunes(item.itunes, entry);
  readDublinCore(item.dc, entry);
  readDcTerms(item.dcterms, entry);
  readMediaText(item.media, entry);
  return entry;
}

/** An Atom text construct with its type reduced to "text", "html" or "xhtml". */
function text(construct: TextConstruct | undefined): RawText | null {
  if (
    !construct ||
    construct.src ||
    typeof construct.value !== "string" ||
    construct.value.trim() === ""
  )
    return null;
  const type = (construct.type ?? "text").trim().toLowerCase();
  if (type.includes("xhtml")) return { value: construct.value, type: "xhtml" };
  if (type.includes("html")) return { value: construct.value, type: "html" };
  if (type === "text" || type.startsWith("text/")) return { value: construct.value, type: "text" };
  return null; // e.g. base64 image content: nothing we can show as text
}

/** The rel="alternate" link (rel defaults to alternate), preferring an HTML one. */
function alternate(links: Link[] | undefined): string | null {
  const alternates = (links ?? []).filter(
    (l) => (l.rel ?? "alternate").trim() === "alternate" && str(l.href),
  );
  const html = alternates.find((l) => !l.type || /html/i.test(l.type));
  return str((html ?? alternates[0])?.href);
}

function persons(list: AtomFeed.Person[] | undefined): RawPerson[] {
  return (list ?? []).map((p) => ({ name: str(p.name), email: str(p.email), url: str(p.uri) }));
}
