import type { RdfFeed, RssFeed } from "feedsmith";
import { resolveBaseChain, resolveHttpUrl } from "../urls.ts";
import {
  enclosureOf,
  mediaFromEnclosure,
  readDcTerms,
  readDublinCore,
  readItunes,
  readMedia,
  readMediaText,
} from "./namespaces.ts";
import { emptyEntry, type RawEntry, type RawFeed, type RawLink, str } from "./raw.ts";

/** RSS 0.9x/2.0 and RSS 1.0 (RDF) -> RawFeed. Both keep HTML in description/content:encoded. */

type RssItem = RssFeed.Item<string>;
type RdfItem = RdfFeed.Item<string>;

export function adaptRss(feed: RssFeed.Feed<string>, documentUrl: string | null): RawFeed {
  const base = resolveBaseChain(documentUrl, feed.xml?.base);
  const siteUrl = str(feed.link) ?? alternateLink(feed.atom?.links);
  // Relative item links point into the site (often not where the feed is hosted), unless an
  // xml:base says otherwise.
  const itemBase = feed.xml?.base ? base : (resolveHttpUrl(siteUrl, base) ?? base);
  return {
    title: textOrNull(feed.title),
    siteUrl,
    description:
      textOrNull(feed.description) ?? textOrNull(feed.itunes?.summary ?? feed.itunes?.subtitle),
    image: str(feed.image?.url) ?? str(feed.itunes?.image) ?? null,
    language: str(feed.language) ?? str(feed.dc?.languages?.[0]) ?? str(feed.xml?.lang),
    base,
    inheritedAuthors: [],
    entries: (feed.items ?? []).map((item) =>
      adaptRssItem(item, itemBase, Boolean(feed.xml?.base)),
    ),
  };
}

function adaptRssItem(item: RssItem, feedBase: string | null, feedHasXmlBase: boolean): RawEntry {
  const entry = emptyEntry();
  entry.base = resolveBaseChain(feedBase, item.xml?.base);
  if (feedHasXmlBase || item.xml?.base) entry.contentBase = entry.base;
  const guid = str(item.guid?.value);
  entry.id = guid ?? str(item.atom?.id);
  // RSS 2.0: a guid is a permalink unless isPermaLink="false"; only absolute URLs qualify.
  if (guid && item.guid?.isPermaLink !== false && /^https?:\/\//i.test(guid))
    entry.permalinkGuid = guid;
  entry.title =
    textOrNull(item.title) ??
    textOrNull(item.atom?.title?.value) ??
    textOrNull(item.dc?.titles?.[0]);
  entry.link = str(item.link) ?? alternateLink(item.atom?.links);
  entry.otherLinks = otherLinks(item.atom?.links);
  const encoded = str(item.content?.encoded);
  const description = str(item.description);
  entry.content = encoded ? { value: encoded } : description ? { value: description } : null;
  entry.summary = description
    ? { value: description }
    : str(item.itunes?.summary)
      ? { value: item.itunes!.summary! }
      : null;
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
  return entry;
}

export function adaptRdf(feed: RdfFeed.Feed<string>, documentUrl: string | null): RawFeed {
  const base = resolveBaseChain(documentUrl, feed.xml?.base);
  return {
    title: textOrNull(feed.title),
    siteUrl: str(feed.link),
    description: textOrNull(feed.description),
    image: str(feed.image?.url),
    language: str(feed.dc?.languages?.[0]) ?? str(feed.xml?.lang),
    base,
    inheritedAuthors: [],
    entries: (feed.items ?? []).map((item) => adaptRdfItem(item, base, Boolean(feed.xml?.base))),
  };
}

function adaptRdfItem(item: RdfItem, feedBase: string | null, feedHasXmlBase: boolean): RawEntry {
  const entry = emptyEntry();
  entry.base = resolveBaseChain(feedBase, item.xml?.base);
  if (feedHasXmlBase || item.xml?.base) entry.contentBase = entry.base;
  entry.id = str(item.rdf?.about) ?? str(item.dc?.identifiers?.[0]);
  entry.title = textOrNull(item.title);
  entry.link = str(item.link);
  const encoded = str(item.content?.encoded);
  const description = str(item.description) ?? str(item.dc?.descriptions?.[0]);
  entry.content = encoded ? { value: encoded } : description ? { value: description } : null;
  entry.summary = description ? { value: description } : null;
  entry.language = str(item.xml?.lang);
  readMedia(item.media, entry);
  readDublinCore(item.dc, entry);
  readDcTerms(item.dcterms, entry);
  readMediaText(item.media, entry);
  return entry;
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
