import type { AtomFeed, RdfFeed, RssFeed } from "feedsmith";
import { MAX_FEED_ITEMS } from "../limits.ts";
import { resolveBaseChain, resolveHttpUrl, resolveIdReference } from "../urls.ts";
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
  outlinePeople,
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
import { feedHeadOutline, LazyItemOutlines } from "./outline.ts";
import {
  emptyEntry,
  type RawEntry,
  type RawFeed,
  type RawLink,
  type RawPerson,
  type RawText,
  str,
} from "./raw.ts";
import { summaryAndContent } from "./summary-precedence.ts";

/** RSS 0.9x/2.0 and RSS 1.0 (RDF) -> RawFeed. Both keep HTML in description/content:encoded. */

type RssItem = RssFeed.Item<string>;
type RdfItem = RdfFeed.Item<string>;

export function adaptRss(
  feed: RssFeed.Feed<string>,
  documentUrl: string | null,
  text: string,
): RawFeed {
  const head = feedHeadOutline(text, "rss", isHeadElement);
  // feedsmith reads the xml:base of <rss> only; the channel may declare its own.
  const channelBase = str(head.find((e) => e.name === "channel")?.attributes["xml:base"]);
  const base = resolveBaseChain(documentUrl, feed.xml?.base, channelBase);
  const hasXmlBase = Boolean(str(feed.xml?.base) || channelBase);
  const siteUrl = str(feed.link) ?? alternateLink(feed.atom?.links);
  // Relative item links point into the site (often not where the feed is hosted), unless an
  // xml:base says otherwise; without a site link, the document URL.
  const itemBase = hasXmlBase ? base : (resolveHttpUrl(siteUrl, base) ?? base);
  const items = feed.items ?? [];
  const outlines = new LazyItemOutlines(text, "rss", items.length, MAX_FEED_ITEMS, isItemElement);
  const itemCategories = hasItemLevelElement(text, "rss", "itunes", "category");
  const itemDcAuthors = hasItemLevelElement(text, "rss", "dc", "author");
  const bracketedAuthors = BRACKETED_AUTHOR.test(text);
  const emptyHrefs = EMPTY_HREF.test(text);
  return {
    title: textOrNull(feed.title) ?? textOrNull(feed.dc?.titles?.[0]) ?? atomText(feed.atom?.title),
    siteUrl,
    description:
      textOrNull(feed.description) ??
      textOrNull(feed.itunes?.subtitle ?? feed.itunes?.summary) ??
      textOrNull(feed.dc?.descriptions?.[0]),
    image:
      str(feed.image?.url) ??
      str(feed.itunes?.image) ??
      headImage(head) ??
      mediaImage(feed.media) ??
      str(feed.atom?.logo) ??
      str(feed.atom?.icon),
    language: str(feed.language) ?? str(feed.dc?.languages?.[0]) ?? str(feed.xml?.lang),
    base,
    inheritedAuthors: [],
    // RSS's own elements first; Dublin Core (and iTunes) stand in for missing ones.
    feedAuthors: firstPeople(
      BRACKETED_EDITOR.test(text)
        ? outlinePeople(head, "managingeditor")
        : [feed.managingEditor].flatMap(personOf),
      peopleFromText(feed.dc?.creators ?? []),
      outlinePeople(head, "author"),
      outlinePeople(head, "dc:author"),
      atomPeople(feed.atom?.authors),
      peopleFromText([feed.itunes?.author]),
    ),
    rights: textOrNull(feed.copyright) ?? textOrNull(feed.dc?.rights?.[0]),
    categories: [
      ...(feed.categories ?? []).map((c) => c.name),
      ...(feed.dc?.subjects ?? []),
      ...flattenItunesCategories(feed.itunes?.categories),
      ...(feed.itunes?.keywords ?? []),
    ].filter((c): c is string => Boolean(str(c))),
    updated: firstText(
      feed.lastBuildDate,
      feed.dc?.dates?.[0],
      feed.dcterms?.modified?.[0],
      feed.dcterms?.dates?.[0],
    ),
    entries: items.map((item, index) => {
      const entry = adaptRssItem(item, itemBase, hasXmlBase);
      const outline =
        itemCategories || itemDcAuthors || bracketedAuthors || needsOutline(entry)
          ? outlines.of(index)
          : null;
      placeSummaries(entry, outline);
      if (itemCategories) entry.categories.push(...itunesCategoriesOf(outline));
      // feedsmith splits an <author> at its brackets and joins the parts with spaces; the
      // element's own text, read by the one-string rule, keeps a name as written.
      if (!entry.link && emptyHrefs && (hasXmlBase || item.xml?.base))
        entry.link = emptyAlternate(outlines.of(index) ?? [], "atom:link", entry.base);
      if (bracketedAuthors) {
        const written = outlinePeople(
          (outline ?? []).filter((e) => e.depth === 1),
          "author",
        );
        if (written.length > 0) entry.authors = written;
      }
      // dc:author is not Dublin Core, but feeds write it (feedparser reads it as dc:creator).
      if (entry.authors.length === 0) entry.authors = outlinePeople(outline, "dc:author");
      return entry;
    }),
  };
}

function adaptRssItem(item: RssItem, feedBase: string | null, feedHasXmlBase: boolean): RawEntry {
  const entry = emptyEntry();
  entry.base = resolveBaseChain(feedBase, item.xml?.base);
  if (feedHasXmlBase || item.xml?.base) entry.contentBase = entry.base;
  const guid = str(item.guid?.value);
  const isPermaLink = item.guid?.isPermaLink !== false;
  // RSS 2.0: a guid is a permalink unless isPermaLink="false"; as a URL it may be relative.
  entry.id = guid
    ? isPermaLink
      ? resolveIdReference(guid, entry.base)
      : guid
    : str(item.atom?.id);
  if (guid && isPermaLink && /^https?:\/\//i.test(entry.id ?? "")) entry.permalinkGuid = entry.id;
  entry.title =
    textOrNull(item.title) ??
    textOrNull(item.atom?.title?.value) ??
    textOrNull(item.dc?.titles?.[0]);
  entry.link = str(item.link) ?? alternateLink(item.atom?.links);
  entry.otherLinks = [...otherLinks(item.atom?.links), ...rssLinks(item)];
  entry.candidates = new Map(
    (
      [
        ["description", textOrNull(item.description)],
        ["dc:description", textOrNull(item.dc?.descriptions?.[0])],
        ["itunes:summary", textOrNull(item.itunes?.summary)],
        ["media:description", mediaDescription(item.media)],
        ["content:encoded", textOrNull(item.content?.encoded)],
      ] as Array<[string, RawText | null]>
    ).filter((pair): pair is [string, RawText] => pair[1] !== null),
  );
  entry.authors = (item.authors ?? []).map((a) => ({
    name: str(a.name),
    email: str(a.email),
    url: str(a.link),
  }));
  entry.published = str(item.pubDate) ?? str(item.atom?.published);
  entry.updated = str(item.atom?.updated);
  entry.categories = (item.categories ?? [])
    .map((c) => c.name)
    .filter((c): c is string => typeof c === "string");
  entry.language = str(item.xml?.lang);
  for (const enclosure of item.enclosures ?? []) {
    const url = str(enclosure.url);
    if (!url) continue;
    const raw = enclosureOf(url, enclosure.type, enclosure.length);
    entry.enclosures.push(raw);
    const media = mediaFromEnclosure(raw);
    if (media) entry.media.push(media);
  }
  readMedia(item.media, entry);
  readItunes(item.itunes, entry);
  readDublinCore(item.dc, entry);
  readDcTerms(item.dcterms, entry);
  readMediaText(item.media, entry);
  // Atom's author element, which RSS feeds borrow, when the item names nobody otherwise.
  if (entry.authors.length === 0) entry.authors = atomPeople(item.atom?.authors);
  return entry;
}

export function adaptRdf(
  feed: RdfFeed.Feed<string>,
  documentUrl: string | null,
  text: string,
): RawFeed {
  const head = feedHeadOutline(text, "rss", isHeadElement);
  const channelBase = str(head.find((e) => e.name === "channel")?.attributes["xml:base"]);
  const base = resolveBaseChain(documentUrl, feed.xml?.base, channelBase);
  const hasXmlBase = Boolean(str(feed.xml?.base) || channelBase);
  const items = feed.items ?? [];
  const outlines = new LazyItemOutlines(text, "rss", items.length, MAX_FEED_ITEMS, isItemElement);
  return {
    title: textOrNull(feed.title) ?? textOrNull(feed.dc?.titles?.[0]) ?? atomText(feed.atom?.title),
    siteUrl: str(feed.link),
    description: textOrNull(feed.description) ?? textOrNull(feed.dc?.descriptions?.[0]),
    image: str(feed.image?.url) ?? headImage(head) ?? mediaImage(feed.media),
    language: str(feed.dc?.languages?.[0]) ?? str(feed.xml?.lang),
    base,
    inheritedAuthors: [],
    feedAuthors: firstPeople(
      peopleFromText(feed.dc?.creators ?? []),
      atomPeople(feed.atom?.authors),
    ),
    rights: textOrNull(feed.dc?.rights?.[0]),
    categories: (feed.dc?.subjects ?? []).filter((c) => Boolean(str(c))),
    updated: firstText(feed.dc?.dates?.[0], feed.dcterms?.modified?.[0]),
    entries: items.map((item, index) => {
      const entry = adaptRdfItem(item, base, hasXmlBase);
      placeSummaries(entry, needsOutline(entry) ? outlines.of(index) : null);
      return entry;
    }),
  };
}

function adaptRdfItem(item: RdfItem, feedBase: string | null, feedHasXmlBase: boolean): RawEntry {
  const entry = emptyEntry();
  entry.base = resolveBaseChain(feedBase, item.xml?.base);
  if (feedHasXmlBase || item.xml?.base) entry.contentBase = entry.base;
  const about = str(item.rdf?.about);
  entry.id = about ? resolveIdReference(about, entry.base) : str(item.dc?.identifiers?.[0]);
  entry.title = textOrNull(item.title) ?? textOrNull(item.dc?.titles?.[0]);
  entry.link = str(item.link);
  entry.candidates = new Map(
    (
      [
        ["description", textOrNull(item.description)],
        ["dc:description", textOrNull(item.dc?.descriptions?.[0])],
        ["media:description", mediaDescription(item.media)],
        ["content:encoded", textOrNull(item.content?.encoded)],
      ] as Array<[string, RawText | null]>
    ).filter((pair): pair is [string, RawText] => pair[1] !== null),
  );
  entry.language = str(item.xml?.lang);
  readMedia(item.media, entry);
  readDublinCore(item.dc, entry);
  readDcTerms(item.dcterms, entry);
  readMediaText(item.media, entry);
  if (entry.authors.length === 0) entry.authors = atomPeople(item.atom?.authors);
  return entry;
}

/** Summary and content from the item's candidates, by feedparser's precedence. */
function placeSummaries(entry: RawEntry, outline: ReturnType<LazyItemOutlines["of"]>): void {
  const placed = summaryAndContent(entry.candidates, summaryOrder(outline));
  entry.summary = placed.summary;
  entry.content = placed.content;
}

/** Element order matters only with two summary-like elements. */
function needsOutline(entry: RawEntry): boolean {
  let summaries = 0;
  for (const name of entry.candidates.keys()) if (name !== "content:encoded") summaries++;
  return summaries > 1;
}

/** RSS's own links besides the item's page: its comments page and its source feed. */
function rssLinks(item: RssItem): RawLink[] {
  const links: RawLink[] = [];
  const comments = str(item.comments);
  if (comments) links.push({ href: comments, rel: "replies", type: "text/html" });
  const commentFeed = str(item.wfw?.commentRss);
  if (commentFeed) links.push({ href: commentFeed, rel: "replies", type: "application/rss+xml" });
  const source = str(item.source?.url);
  if (source) links.push({ href: source, rel: "via", title: str(item.source?.title) ?? undefined });
  return links;
}

function personOf(person: RssFeed.Person | undefined): RawPerson[] {
  if (!person) return [];
  const out = { name: str(person.name), email: str(person.email), url: str(person.link) };
  return out.name || out.email || out.url ? [out] : [];
}

/**
 * An `<author>` whose text holds square brackets (CDATA aside), which feedsmith takes apart
 * and joins with spaces. (Its reading of "Name (email)" and "Name <email>" is right, and
 * outlining every item for those would cost a pass over the document.)
 */
const BRACKETED_AUTHOR = /<author\b[^>]*>[^<]*[[\]]/;
const BRACKETED_EDITOR = /<managingEditor\b[^>]*>[^<]*[[\]]/i;

/** atom:author elements in an RSS or RDF document, as people. */
function atomPeople(authors: AtomFeed.Person[] | undefined): RawPerson[] {
  return (authors ?? []).flatMap((a) => {
    const person = { name: str(a.name), email: str(a.email), url: str(a.uri) };
    return person.name || person.email || person.url ? [person] : [];
  });
}

/** An atom:title (or other Atom text construct) in an RSS or RDF document. */
function atomText(text: AtomFeed.Text | undefined): RawText | null {
  if (!text || typeof text.value !== "string" || text.value.trim() === "") return null;
  const type = (text.type ?? "text").toLowerCase();
  return {
    value: text.value,
    type: type.includes("xhtml") ? "xhtml" : type.includes("html") ? "html" : "text",
  };
}

function firstPeople(...lists: RawPerson[][]): RawPerson[] {
  return lists.find((list) => list.length > 0) ?? [];
}

function textOrNull(value: string | undefined): { value: string } | null {
  return typeof value === "string" && value.trim() !== "" ? { value } : null;
}

/** Rels that are not "other links": the entry itself, its media, its editing endpoints. */
const NOT_EXTRA_LINKS = new Set(["alternate", "self", "enclosure", "edit", "edit-media"]);

type AtomLinks = Array<{ href?: string; rel?: string; type?: string; title?: string }> | undefined;

function alternateLink(links: AtomLinks): string | null {
  const alternate = links?.find((l) => (l.rel ?? "alternate") === "alternate" && str(l.href));
  return str(alternate?.href);
}

function otherLinks(links: AtomLinks): RawLink[] {
  return (links ?? [])
    .filter((l) => str(l.href) && l.rel && !NOT_EXTRA_LINKS.has(l.rel))
    .map((l) => ({ href: l.href!.trim(), rel: l.rel, type: l.type, title: l.title }));
}
