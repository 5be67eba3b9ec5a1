import type { JsonFeedDocument } from "../parse-json.ts";
import { resolveBaseChain } from "../urls.ts";
import { enclosureOf, mediaFromEnclosure } from "./namespaces.ts";
import { emptyEntry, type RawEntry, type RawFeed, type RawPerson, str } from "./raw.ts";

/**
 * JSON Feed 1.0/1.1 -> RawFeed, read from the JSON itself with every field's type checked: a
 * value of the wrong type (a list for a title, a number for a URL) is absent, never coerced,
 * and a blank string is absent too. The one coercion is the spec's own: an item id that is
 * not a string is read as text ("ids must be coerced to strings"); a null id, or one that is a
 * list or object, leaves the item without an id, and normalize gives it a fallback guid.
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
    image: str(feed.icon) ?? str(feed.favicon),
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

/** Item fields that make an object an item, with the types the spec gives them. */
const ITEM_FIELDS: Record<string, (value: unknown) => boolean> = {
  id: (v) => v === null || ["string", "number", "boolean"].includes(typeof v),
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

/** An object with at least one item field of its proper type (even blank) is an entry. */
function isEntry(item: Json): boolean {
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

/** The spec: "If an id is presented as a number or other type, a JSON Feed reader must coerce it to a string." */
function idOf(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "boolean") return String(value);
  return str(value);
}

/** JSON Feed 1.1 `authors`, else 1.0's `author`; objects without a usable field are skipped. */
function personsOf(owner: Json): RawPerson[] {
  const modern = Array.isArray(owner.authors) ? owner.authors.flatMap(personOf) : [];
  return modern.length > 0 ? modern : personOf(owner.author);
}

function personOf(author: unknown): RawPerson[] {
  if (!isObject(author)) return [];
  const url = str(author.url);
  // An author URL may be a mailto: link: that is the author's e-mail address.
  const email = url && /^mailto:/i.test(url) ? str(url.slice(7).split("?")[0]) : null;
  const person: RawPerson = {
    name: str(author.name),
    email,
    url: email ? null : url,
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
