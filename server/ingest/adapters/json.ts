import { jsonIdText } from "../json-ids.ts";
import type { JsonFeedDocument } from "../parse-json.ts";
import { resolveBaseChain } from "../urls.ts";
import { enclosureOf, mediaFromEnclosure } from "./namespaces.ts";
import { emptyEntry, type RawEntry, type RawFeed, type RawPerson, str } from "./raw.ts";

/**
 * JSON Feed 1.0/1.1 -> RawFeed, read from the JSON itself with every field's type checked: a
 * value of the wrong type (a list for a title, a number for a URL) is absent, never coerced,
 * and a blank string is absent too, but for the icon: a blank one is kept empty (the feed
 * says it has none). The one coercion is the spec's own: an item id that is not a string is
 * read as text (json-ids.ts), null included; a blank id, or one that is a list or an object,
 * leaves the item without an id, and normalize gives it a fallback guid.
 *
 * Every object in `items` is an entry, whatever its fields' types (a wrongly typed field is
 * just unset), except one whose id is a list or an object and that has no other field of the
 * right type: nothing of it can be read, not even an identity.
 */
type Json = Record<string, unknown>;

export function adaptJson(feed: JsonFeedDocument, documentUrl: string | null): RawFeed {
  const base = resolveBaseChain(documentUrl);
  const title = str(feed.title);
  const description = str(feed.description);
  const authors = personsOf(feed);
  return {
    title: title ? { value: title, type: "text" } : null,
    siteUrl: str(feed.home_page_url),
    description: description ? { value: description, type: "text" } : null,
    image: str(feed.icon) ?? str(feed.favicon) ?? (isString(feed.icon) ? "" : null),
    language: str(feed.language),
    base,
    inheritedAuthors: authors,
    feedAuthors: authors,
    rights: null,
    categories: [],
    updated: null,
    entries: (Array.isArray(feed.items) ? feed.items : []).flatMap((item) =>
      isObject(item) && isEntry(item) ? [adaptItem(item, base)] : [],
    ),
  };
}

/** Item fields with the types the spec gives them (the id: any scalar, coerced to text). */
const ITEM_FIELDS: Record<string, (value: unknown) => boolean> = {
  url: isString,
  external_url: isString,
  title: isString,
  content_html: isString,
  content_text: isString,
  summary: isString,
  image: isString,
  banner_image: isString,
  date_published: isString,
  date_modified: isString,
  language: isString,
  tags: Array.isArray,
  attachments: Array.isArray,
  authors: Array.isArray,
  author: isObject,
};

/** Any item object is an entry, unless its id is unreadable and so is everything else. */
function isEntry(item: Json): boolean {
  if (!("id" in item) || jsonIdText(item.id) !== null) return true;
  return Object.entries(ITEM_FIELDS).some(([key, valid]) => key in item && valid(item[key]));
}

function adaptItem(item: Json, base: string | null): RawEntry {
  const entry = emptyEntry();
  entry.base = base;
  entry.id = idOf(item.id);
  // JSON Feed titles and summaries are plain text by the spec.
  const title = str(item.title);
  entry.title = title ? { value: title, type: "text" } : null;
  entry.link = str(item.url);
  const external = str(item.external_url);
  if (external) entry.otherLinks.push({ href: external, rel: "related" });
  const html = str(item.content_html);
  const plain = str(item.content_text);
  entry.content = html
    ? { value: html, type: "html" }
    : plain
      ? { value: plain, type: "text" }
      : null;
  const summary = str(item.summary);
  entry.summary = summary ? { value: summary, type: "text" } : null;
  entry.authors = personsOf(item);
  entry.published = str(item.date_published);
  entry.updated = str(item.date_modified);
  entry.categories = Array.isArray(item.tags) ? item.tags.filter(isString) : [];
  entry.language = str(item.language);
  for (const url of [str(item.image), str(item.banner_image)]) {
    if (url) entry.media.push({ type: "photo", url });
  }
  for (const attachment of Array.isArray(item.attachments) ? item.attachments : []) {
    if (!isObject(attachment)) continue;
    const url = str(attachment.url);
    if (!url) continue;
    const enclosure = enclosureOf(
      url,
      str(attachment.mime_type) ?? undefined,
      numberOf(attachment.size_in_bytes),
      numberOf(attachment.duration_in_seconds),
      str(attachment.title) ?? undefined,
    );
    entry.enclosures.push(enclosure);
    const media = mediaFromEnclosure(enclosure);
    if (media) entry.media.push(media);
  }
  return entry;
}

/** The id as text; a blank one is no id (normalize gives the entry a fallback guid). */
function idOf(value: unknown): string | null {
  return value === undefined ? null : jsonIdText(value) || null;
}

/** JSON Feed 1.1 `authors`, else 1.0's `author`; objects without a usable field are skipped. */
function personsOf(owner: Json): RawPerson[] {
  const modern = Array.isArray(owner.authors) ? owner.authors.flatMap(personOf) : [];
  return modern.length > 0 ? modern : personOf(owner.author);
}

function personOf(author: unknown): RawPerson[] {
  if (!isObject(author)) return [];
  const url = str(author.url);
  // An author URL may be a mailto: link: it gives the author's e-mail address, and stays the link.
  const email = url && /^mailto:/i.test(url) ? str(url.slice(7).split("?")[0]) : null;
  const person: RawPerson = {
    name: str(author.name),
    email,
    url,
    avatar: str(author.avatar),
  };
  return person.name || person.email || person.url || person.avatar ? [person] : [];
}

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
