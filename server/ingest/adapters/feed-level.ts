import type { ItunesNs, MediaNs } from "feedsmith";
import { resolveBaseChain } from "../urls.ts";
import { canonicalPrefix } from "../xml-namespaces.ts";
import { namespaceDeclarations } from "../xml-segments.ts";
import { personFromText } from "./namespaces.ts";
import type { FeedFormatFamily, OutlineElement } from "./outline.ts";
import { type RawPerson, str } from "./raw.ts";
import { CONTENT_LIKE, type Placed, SUMMARY_LIKE } from "./summary-precedence.ts";

/** Helpers the RSS, RDF and Atom adapters share for feed-level fields and item outlines. */

/**
 * Elements read from a feed's header outline: the channel's attributes, image forms, and
 * authors given as text (`<author>` in a channel, as RSS 0.9x-era feeds write it; dc:author;
 * a managingEditor whose brackets feedsmith would take apart).
 */
const HEAD_ELEMENTS = new Set([
  "channel",
  "image",
  "itunes:image",
  "itunes:link",
  "googleplay:image",
  "author",
  "dc:author",
  "managingeditor",
]);
export const isHeadElement = (name: string) => HEAD_ELEMENTS.has(name);

/**
 * Elements read from item outlines: summary order, iTunes categories, authors written as text
 * (`<author>`, dc:author), and links and person URIs (for the xml:base of their own elements).
 */
const ORDERED = new Set<string>([...SUMMARY_LIKE, ...CONTENT_LIKE]);
const ITEM_ELEMENTS = new Set<string>([
  ...ORDERED,
  "itunes:category",
  "author",
  "dc:author",
  "link",
  "atom:link",
  "uri",
  "url",
]);
export const isItemElement = (name: string) => ITEM_ELEMENTS.has(name);

/** iTunes categories nest (Technology > Podcasting): every level is a tag, parents first. */
export function flattenItunesCategories(categories: ItunesNs.Category[] | undefined): string[] {
  return (categories ?? []).flatMap((category) => {
    const text = str(category.text);
    return [...(text ? [text] : []), ...flattenItunesCategories(category.categories)];
  });
}

/** An item's iTunes categories from its outline (feedsmith reads them only at channel level). */
export function itunesCategoriesOf(outline: OutlineElement[] | null): string[] {
  return (outline ?? []).flatMap((element) => {
    const text = element.name === "itunes:category" ? str(element.attributes.text) : null;
    return text ? [text] : [];
  });
}

/** Summary-like and content elements in document order, each name once (its first place). */
export function summaryOrder(outline: OutlineElement[] | null): Placed[] | null {
  if (!outline) return null;
  const seen = new Set<string>();
  return outline.filter((element) => {
    if (!ORDERED.has(element.name) || seen.has(element.name)) return false;
    seen.add(element.name);
    return true;
  });
}

/**
 * Image forms feedsmith does not read, from the header outline: `<itunes:image url=...>` or
 * with the URL as text, `<itunes:link rel="image">`, `<googleplay:image>`, an `<image>` whose
 * text is the URL, and RSS 1.0's `<image rdf:resource=...>`.
 */
export function headImage(head: OutlineElement[]): string | null {
  for (const element of head) {
    const { attributes } = element;
    if (element.name === "itunes:image" || element.name === "googleplay:image") {
      const url = str(attributes.href) ?? str(attributes.url) ?? str(element.text);
      if (url) return url;
    }
    if (element.name === "itunes:link" && /image/i.test(attributes.rel ?? attributes.type ?? "")) {
      const url = str(attributes.href);
      if (url) return url;
    }
    if (element.name === "image") {
      const url =
        str(attributes["rdf:resource"]) ??
        str(attributes.url) ??
        str(attributes.href) ??
        (/^https?:\/\/\S+$/i.test(element.text) ? element.text : null);
      if (url) return url;
    }
  }
  return null;
}

/** A channel-level media:thumbnail, or a media:content that is an image. */
export function mediaImage(media: MediaNs.ItemOrFeed<false> | undefined): string | null {
  if (!media) return null;
  const thumbnail = [
    ...(media.thumbnails ?? []),
    ...(media.groups ?? []).flatMap((group) => group.thumbnails ?? []),
  ].find((t) => str(t.url));
  if (thumbnail) return str(thumbnail.url);
  const image = [
    ...(media.contents ?? []),
    ...(media.groups ?? []).flatMap((group) => group.contents ?? []),
  ].find((c) => str(c.url) && (c.medium === "image" || /^image\//i.test(c.type ?? "")));
  return str(image?.url);
}

/** People named in plain text (dc:creator, itunes:author), each "Name (email)" read apart. */
export function peopleFromText(values: Array<string | undefined>): RawPerson[] {
  return values.flatMap((value) => {
    const text = str(value);
    return text ? [personFromText(text)] : [];
  });
}

/** The first of several raw values that is a non-blank string. */
export function firstText(...values: unknown[]): string | null {
  for (const value of values) {
    const text = str(value);
    if (text) return text;
  }
  return null;
}

/**
 * Whether an element of a namespace (by its canonical name, whatever the document's prefix)
 * occurs after the first item: a cheap test before scanning every item's outline.
 */
export function hasItemLevelElement(
  text: string,
  family: FeedFormatFamily,
  namespace: string,
  localName: string,
): boolean {
  const prefixes = [...namespaceDeclarations(text)]
    .filter(([, uri]) => canonicalPrefix(uri) === namespace)
    .map(([prefix]) => prefix.replace(/[.]/g, "\\."));
  if (prefixes.length === 0) return false;
  const item = family === "atom" ? "entry" : "item";
  const firstItem = text.search(new RegExp(`<(?:[\\w.-]+:)?${item}[\\s>]`));
  if (firstItem < 0 || text.indexOf(`:${localName}`, firstItem) < 0) return false;
  const element = new RegExp(`<(?:${prefixes.join("|")}):${localName}[\\s/>]`, "gi");
  element.lastIndex = firstItem;
  return element.test(text);
}

/** People written as text in the outline's elements of one name (`<author>`, `dc:author`). */
export function outlinePeople(outline: OutlineElement[] | null, name: string): RawPerson[] {
  return peopleFromText((outline ?? []).filter((e) => e.name === name).map((e) => e.text));
}

/**
 * `href=""` is an empty reference, which RFC 3986 resolves to the base itself: under an
 * xml:base, an alternate link written that way points at the base. (Without an xml:base the
 * base is the feed's own URL, which is no page of the entry's, so it is not taken.)
 */
export const EMPTY_HREF = /\shref\s*=\s*(?:""|'')/;

/** The base an empty alternate link `name` (a child of a feed or an item) points at, if any. */
export function emptyAlternate(
  elements: OutlineElement[],
  name: string,
  base: string | null,
): string | null {
  const empty = elements.find(
    (e) =>
      e.name === name &&
      e.depth === 1 &&
      e.attributes.href?.trim() === "" &&
      (e.attributes.rel ?? "alternate").trim() === "alternate",
  );
  return empty ? resolveBaseChain(base, ...empty.bases) : null;
}
