import type { AtomFeed } from "feedsmith";
import { MAX_FEED_ITEMS } from "../limits.ts";
import { resolveBaseChain, resolveIdReference, resolveUrl } from "../urls.ts";
import {
  EMPTY_HREF,
  emptyAlternate,
  firstText,
  flattenItunesCategories,
  hasItemLevelElement,
  headImage,
  isHeadElement,
  isItemElement,
  itunesCategoriesOf,
  mediaImage,
  peopleFromText,
  summaryOrder,
} from "./feed-level.ts";
import {
  enclosureOf,
  mediaDescription,
  mediaFromEnclosure,
  readDcTerms,
  readDublinCore,
  readItunes,
  readMedia,
  readMediaText,
} from "./namespaces.ts";
import { feedHeadOutline, LazyItemOutlines, type OutlineElement } from "./outline.ts";
import {
  emptyEntry,
  type RawEntry,
  type RawFeed,
  type RawPerson,
  type RawText,
  str,
} from "./raw.ts";
import { summaryAndContent } from "./summary-precedence.ts";

/** Atom 0.3 and 1.0 -> RawFeed (feedsmith maps 0.3's issued/modified/tagline onto 1.0 names). */

type Entry = AtomFeed.Entry<string>;
type Link = AtomFeed.Link<string>;
/** Rels that are not "other links": the entry itself, its media, its editing endpoints. */
const NOT_EXTRA_LINKS = new Set(["alternate", "self", "enclosure", "edit", "edit-media"]);

type TextConstruct = { value?: string; type?: string; src?: string };

export function adaptAtom(
  feed: AtomFeed.Feed<string>,
  documentUrl: string | null,
  text: string,
): RawFeed {
  const base = resolveBaseChain(documentUrl, feed.xml?.base);
  const authors = persons(feed.authors);
  const entries = feed.entries ?? [];
  const outlines = new LazyItemOutlines(
    text,
    "atom",
    entries.length,
    MAX_FEED_ITEMS,
    isItemElement,
  );
  const itemCategories = hasItemLevelElement(text, "atom", "itunes", "category");
  const nestedBases = hasBasesInsideEntries(text);
  const emptyHrefs = EMPTY_HREF.test(text);
  return {
    title: textConstruct(feed.title),
    siteUrl:
      alternate(feed.links) ??
      (emptyHrefs && str(feed.xml?.base)
        ? emptyAlternate(
            feedHeadOutline(text, "atom", (name) => name === "link"),
            "link",
            base,
          )
        : null),
    description: textConstruct(feed.subtitle),
    image:
      str(feed.logo) ??
      str(feed.icon) ??
      str(feed.itunes?.image) ??
      headImage(feedHeadOutline(text, "atom", isHeadElement)) ??
      mediaImage(feed.media),
    language: str(feed.xml?.lang) ?? str(feed.dc?.languages?.[0]),
    base,
    inheritedAuthors: authors,
    feedAuthors: authors.length > 0 ? authors : peopleFromText(feed.dc?.creators ?? []),
    rights: textConstruct(feed.rights) ?? plain(feed.dc?.rights?.[0]),
    categories: [
      ...categoriesOf(feed.categories),
      ...(feed.dc?.subjects ?? []),
      ...flattenItunesCategories(feed.itunes?.categories),
      ...(feed.itunes?.keywords ?? []),
    ].filter((c) => Boolean(str(c))),
    updated: firstText(feed.updated, feed.dc?.dates?.[0], feed.dcterms?.modified?.[0]),
    entries: entries.map((item, index) => {
      const nested = nestedBases ? outlines.of(index) : null;
      const entryBase = resolveBaseChain(base, item.xml?.base);
      const entry = adaptEntry(
        nested ? withNestedBases(item, nested, entryBase) : item,
        base,
        Boolean(feed.xml?.base),
      );
      const outline =
        nested ?? (itemCategories || summaryCount(entry) > 1 ? outlines.of(index) : null);
      placeSummaries(entry, outline);
      if (itemCategories) entry.categories.push(...itunesCategoriesOf(outline));
      if (!entry.link && emptyHrefs && (feed.xml?.base || hasXmlBase(item, outlines.of(index))))
        entry.link = emptyAlternate(outlines.of(index) ?? [], "link", entry.base);
      return entry;
    }),
  };
}

function adaptEntry(item: Entry, feedBase: string | null, feedHasXmlBase: boolean): RawEntry {
  const entry = emptyEntry();
  entry.base = resolveBaseChain(feedBase, item.xml?.base);
  const id = str(item.id);
  // Atom ids are IRIs; one written as a relative reference resolves against xml:base.
  entry.id = id ? resolveIdReference(id, entry.base) : null;
  entry.title = textConstruct(item.title);
  entry.link = alternate(item.links);
  entry.otherLinks = (item.links ?? [])
    .filter((l) => str(l.href) && l.rel && !NOT_EXTRA_LINKS.has(l.rel))
    .map((l) => ({ href: l.href!.trim(), rel: l.rel, type: l.type, title: l.title }));
  entry.candidates = new Map(
    (
      [
        ["summary", textConstruct(item.summary)],
        ["content", textConstruct(item.content)],
        ["dc:description", plain(item.dc?.descriptions?.[0])],
        ["itunes:summary", plain(item.itunes?.summary)],
        ["media:description", mediaDescription(item.media)],
      ] as Array<[string, RawText | null]>
    ).filter((pair): pair is [string, RawText] => pair[1] !== null),
  );
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
  entry.authors = persons(item.authors);
  if (entry.authors.length === 0) entry.authors = persons(item.source?.authors);
  entry.published = str(item.published);
  entry.updated = str(item.updated);
  entry.categories = categoriesOf(item.categories);
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

/**
 * An Atom text construct with its type reduced to "text", "html" or "xhtml". Content whose
 * type is a MIME type that is neither text/* nor XML is Base64 by RFC 4287 (4.1.3.3): it is
 * decoded, and kept when it is text (HTML when it looks like HTML), dropped when binary.
 */
function textConstruct(construct: TextConstruct | undefined): RawText | null {
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
  if (/^[\w.+-]+\/[\w.+-]+$/.test(type) && !/[/+]xml$/.test(type)) {
    const decoded = decodeBase64Text(construct.value);
    return decoded ? { value: decoded } : null;
  }
  return null; // inline XML of another vocabulary: nothing we can show as text
}

/** Base64 that decodes to UTF-8 text (no control characters but whitespace), else null. */
function decodeBase64Text(value: string): string | null {
  const compact = value.replace(/\s+/g, "");
  if (!/^[A-Za-z\d+/]*={0,2}$/.test(compact)) return null;
  try {
    const decoded = new TextDecoder("utf-8", { fatal: true }).decode(
      Buffer.from(compact, "base64"),
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: binary data is told apart by them
    return decoded.trim() !== "" && !/[\u0000-\u0008\u000e-\u001f]/.test(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

/** A plain-text value from a namespace element (dc:description, itunes:summary). */
function plain(value: string | undefined): RawText | null {
  const text = str(value);
  return text ? { value: text } : null;
}

function categoriesOf(categories: AtomFeed.Category[] | undefined): string[] {
  return (categories ?? [])
    .map((c) => str(c.term) ?? str(c.label))
    .filter((c): c is string => c !== null);
}

/** Whether any element inside an entry declares an xml:base (a link's, an author's...). */
function hasBasesInsideEntries(text: string): boolean {
  const firstEntry = text.search(/<(?:[\w.-]+:)?entry[\s>]/);
  if (firstEntry < 0) return false;
  const afterTag = text.indexOf(">", firstEntry);
  return afterTag >= 0 && text.indexOf("xml:base", afterTag) >= 0;
}

/**
 * Links and author URIs resolved against the xml:base of their own element and those between
 * it and the entry (feedsmith keeps xml:base for the feed, the entry and text constructs only).
 * Outline and parsed lists are matched in document order, and only when they line up.
 */
function withNestedBases(item: Entry, outline: OutlineElement[], entryBase: string | null): Entry {
  const resolveIn = (href: string | undefined, bases: string[]) =>
    href && bases.length > 0
      ? (resolveUrl(href, resolveBaseChain(entryBase, ...bases)) ?? href)
      : href;
  const linkElements = outline.filter((e) => e.name === "link" && e.depth === 1);
  const links =
    item.links && linkElements.length === item.links.length
      ? item.links.map((link, i) => ({
          ...link,
          href: resolveIn(link.href, linkElements[i]!.bases),
        }))
      : item.links;
  const uriElements = outline.filter(
    (e) => (e.name === "uri" || e.name === "url") && e.depth === 2,
  );
  const authors =
    item.authors && uriElements.length === item.authors.filter((a) => a.uri).length
      ? (() => {
          let next = 0;
          return item.authors.map((author) =>
            author.uri
              ? { ...author, uri: resolveIn(author.uri, uriElements[next++]!.bases) }
              : author,
          );
        })()
      : item.authors;
  return { ...item, links, authors };
}

/** Whether an entry, or one of its links, declares an xml:base. */
function hasXmlBase(item: Entry, outline: OutlineElement[] | null): boolean {
  return Boolean(str(item.xml?.base)) || (outline ?? []).some((e) => e.bases.length > 0);
}

function summaryCount(entry: RawEntry): number {
  let count = 0;
  for (const name of entry.candidates.keys()) if (name !== "content") count++;
  return count;
}

function placeSummaries(entry: RawEntry, outline: OutlineElement[] | null): void {
  const placed = summaryAndContent(entry.candidates, summaryOrder(outline));
  entry.summary = placed.summary;
  entry.content = placed.content;
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
