import type {
  FeedFormat,
  IngestedFeed,
  NormalizedEntry,
  NormalizedFeed,
} from "../../../server/feed-model.ts";
import {
  authorName,
  encodingField,
  plainText,
  summaryField,
  urlField,
  versionField,
} from "./comparables.ts";
import { type PyValue, plain, Unmappable, type View, view } from "./python-eval.ts";

/**
 * feedparser's result dictionary, re-created on top of our normalized model: every key that
 * maps onto one of our fields reads that field; every other key is Unmappable with a reason
 * ("not in our model: entry.where"), so the scoring can count those honestly.
 */
export interface CaseContext {
  /** The HTTP Content-Type the case was served with, if any. */
  contentType: string | null;
  /** How many items/entries the document holds (some carry nothing we model and are dropped). */
  documentEntries: number;
}

export function feedparserNamespace(
  result: IngestedFeed | null,
  context: CaseContext,
): Record<string, PyValue> {
  const ok = result !== null;
  return {
    bozo: {
      kind: "special",
      negated: () => ok,
      truthy: () => {
        throw new Unmappable("expects bozo (well-formedness diagnostics are not modelled)");
      },
    },
    feed: result ? feedView(result.feed, result.format) : view(() => undefined),
    entries: result
      ? withPlaceholders(
          result.entries.map((entry) => entryView(entry, result.format)),
          context.documentEntries,
          result.format,
        )
      : [],
    encoding: result
      ? encodingField(result.encoding, isRfc3023TextDefault(context.contentType))
      : null,
    version: result ? versionField(result.format) : "",
  };
}

/** text/* without a charset: RFC 3023 (and feedparser) say US-ASCII; we do not. */
function isRfc3023TextDefault(contentType: string | null): boolean {
  return (
    contentType !== null && /^\s*text\//i.test(contentType) && !/charset\s*=/i.test(contentType)
  );
}

/** Plain-text fields: an absent one compares as "" (so a markup expectation is still unmappable). */
const text = (value: string | null, field: string) => plainText(value ?? "", field);
/** URL fields: absent compares as "" (feedparser keeps blank values, we keep null). */
const url = (value: string | null | undefined) => urlField(value ?? "");

/**
 * Items holding only elements we do not read are dropped by the parser; stand-ins keep the
 * document's indexes so such a case fails (a modelled field) or is unmappable (the others).
 */
function withPlaceholders(entries: View[], documentEntries: number, format: FeedFormat): View[] {
  const placeholder = entryView(EMPTY_ENTRY, format);
  return [
    ...entries,
    ...Array.from({ length: Math.max(0, documentEntries - entries.length) }, () => placeholder),
  ];
}

const EMPTY_ENTRY: NormalizedEntry = {
  guid: "",
  title: null,
  url: null,
  content: null,
  description: null,
  author: null,
  authorUrl: null,
  authorAvatar: null,
  publishedAt: null,
  categories: [],
  media: [],
  attachments: [],
  language: null,
};

/**
 * feedparser's JSON Feed reader names a person by name, else e-mail, else URL, else avatar
 * (its XML readers by name or e-mail only); our author field holds names or e-mail addresses
 * and keeps the URL and avatar apart.
 */
function personName(
  format: FeedFormat,
  author: string | null | undefined,
  url: string | null | undefined,
  avatar: string | null | undefined,
): PyValue | undefined {
  if (author) return authorName(author);
  if (format !== "json") return undefined;
  const fallback = url || avatar;
  return fallback ? urlField(fallback) : undefined;
}

/** A person's author_detail: name (unless the name is an e-mail address), email, href, image. */
function personDetail(
  author: string | null | undefined,
  url: string | null | undefined,
  avatar: string | null | undefined,
  owner: string,
): View | undefined {
  if (!author && !url && !avatar) return undefined;
  const email =
    (author && isEmail(author) ? author : undefined) ??
    (url && /^mailto:/i.test(url) ? url.slice(7).split("?")[0] : undefined);
  return mappedView(
    {
      name: () => (author && !isEmail(author) ? authorName(author) : undefined),
      // A named person's e-mail address is not kept: whether feedparser has one is unknown.
      email: () => {
        if (email === undefined) throw new Unmappable(`not in our model: ${owner}.email`);
        return email;
      },
      href: () => urlField(url ?? ""),
      url: () => urlField(url ?? ""),
      image: () => (avatar ? urlField(avatar) : undefined),
    },
    owner,
  );
}

function feedView(feed: NormalizedFeed, format: FeedFormat): View {
  const feedUpdated = () => (feed.updatedAt ? structTime(feed.updatedAt) : undefined);
  const detail = (value: string | null, field: string) =>
    detailView(text(value, field), `feed.${field}_detail`);
  const fields: Record<string, () => PyValue | undefined> = {
    title: () => text(feed.title, "feed.title"),
    title_detail: () => detail(feed.title, "title"),
    link: () => url(feed.siteUrl),
    subtitle: () => text(feed.description, "feed.subtitle"),
    tagline: () => text(feed.description, "feed.subtitle"),
    description: () => text(feed.description, "feed.subtitle"),
    subtitle_detail: () => detail(feed.description, "subtitle"),
    tagline_detail: () => detail(feed.description, "subtitle"),
    // A blank image ("") is one the feed declared empty: present, with an empty href.
    image: () => (typeof feed.image === "string" ? imageView(feed.image) : undefined),
    language: () => feed.language,
    author: () => personName(format, feed.author, feed.authorUrl, feed.authorAvatar),
    author_detail: () =>
      personDetail(feed.author, feed.authorUrl, feed.authorAvatar, "feed.author_detail"),
    rights: () => text(feed.rights ?? null, "feed.rights"),
    copyright: () => text(feed.rights ?? null, "feed.rights"),
    rights_detail: () => detail(feed.rights ?? null, "rights"),
    copyright_detail: () => detail(feed.rights ?? null, "rights"),
    tags: () => tagViews(feed.categories ?? [], "feed"),
    category: () => (feed.categories?.[0] ? text(feed.categories[0], "feed.category") : undefined),
    updated_parsed: feedUpdated,
    modified_parsed: feedUpdated,
    date_parsed: feedUpdated,
  };
  return mappedView(fields, "feed");
}

function entryView(entry: NormalizedEntry, format: FeedFormat): View {
  // Absent content compares as "" so that an expectation our sanitizer forbids stays unmappable.
  const summary = summaryField(entry.content, entry.description);
  const contentDetail = () =>
    detailView(summaryField(entry.content, entry.description), "entry.content");
  const published = () => (entry.publishedAt ? structTime(entry.publishedAt) : undefined);
  const fields: Record<string, () => PyValue | undefined> = {
    title: () => text(entry.title, "entry.title"),
    title_detail: () => detailView(text(entry.title, "entry.title"), "entry.title_detail"),
    link: () => url(entry.url),
    links: () => entryLinks(entry, format),
    id: () => entry.guid || undefined,
    guid: () => entry.guid || undefined,
    description: () => summary,
    summary: () => summary,
    summary_detail: () => detailView(summary, "entry.summary_detail"),
    content: () => [contentDetail()],
    author: () => personName(format, entry.author, entry.authorUrl, entry.authorAvatar),
    // A person with only a URL is still an author_detail (feedparser keeps its href).
    author_detail: () =>
      personDetail(entry.author, entry.authorUrl, entry.authorAvatar, "entry.author_detail"),
    tags: () => tagViews(entry.categories, "entry"),
    category: () => text(entry.categories[0] ?? null, "entry.category"),
    enclosures: () => entry.attachments.map((a) => enclosureView(a.url, a.mimeType, a.sizeInBytes)),
    published_parsed: published,
    updated_parsed: published,
    date_parsed: published,
    issued_parsed: published,
    modified_parsed: published,
    media_content: () =>
      entry.media.map((m) =>
        mappedView(
          { url: () => m.url, medium: () => (m.type === "photo" ? "image" : "video") },
          "entry.media_content[]",
        ),
      ),
    media_thumbnail: () =>
      entry.media
        .flatMap((m) =>
          m.previewImageUrl ? [m.previewImageUrl] : m.type === "photo" ? [m.url] : [],
        )
        .map((url) => mappedView({ url: () => url }, "entry.media_thumbnail[]")),
  };
  return mappedView(fields, "entry");
}

/** A view over `fields`; any other key is unmappable with a reason naming it. */
function mappedView(
  fields: Record<string, () => PyValue | undefined>,
  owner: string,
  absent = false,
): View {
  return view((key) => {
    const getter = fields[key];
    if (!getter) throw new Unmappable(`not in our model: ${owner}.${key}`);
    return getter();
  }, absent);
}

/**
 * `*_detail` objects: only the value maps (per-element type, base and language are not kept).
 * For a field we do not hold, the object is absent to `in` (a wrongly typed or missing value
 * is not reported as present), while its value still compares as "".
 */
function detailView(value: PyValue, owner: string): View {
  return mappedView({ value: () => value }, owner, plain(value) === "");
}

/** Categories as feedparser's tags: only the term maps (scheme and label are not kept). */
function tagViews(categories: string[], owner: string): View[] {
  return categories.map((term) =>
    mappedView({ term: () => plainText(term, `${owner}.tags.term`) }, `${owner}.tags[]`),
  );
}

function linkView(
  href: string,
  rel: string,
  type?: string,
  title?: { value: string | null },
): View {
  return mappedView(
    {
      href: () => urlField(href),
      rel: () => rel,
      ...(type ? { type: () => type } : {}),
      ...(title ? { title: () => (title.value === null ? undefined : title.value) } : {}),
    },
    "entry.links[]",
  );
}

/**
 * The entry's links as feedparser lists them. In RSS and Atom the entry's page is the
 * `alternate` link and enclosures are links too; a JSON Feed item's `url` is its own
 * permalink, which feedparser lists as `self`, titled with the item's title, and its
 * attachments are enclosures only.
 */
function entryLinks(entry: NormalizedEntry, format: FeedFormat): View[] {
  const json = format === "json";
  const own = entry.url
    ? [
        json
          ? linkView(entry.url, "self", undefined, { value: entry.title })
          : linkView(entry.url, "alternate"),
      ]
    : [];
  return [
    ...own,
    ...(json ? [] : entry.attachments.map((a) => linkView(a.url, "enclosure", a.mimeType))),
    ...(entry.extra?.links ?? []).map((l) => linkView(l.url, l.rel ?? "related", l.type)),
  ];
}

function imageView(url: string): View {
  return mappedView({ href: () => urlField(url), url: () => urlField(url) }, "feed.image");
}

/**
 * Our author field falls back to the e-mail address when a person has no name; feedparser's
 * author_detail then has an email but no name.
 */
function isEmail(author: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(author);
}

function enclosureView(url: string, type: string | undefined, size: number | undefined): View {
  return mappedView(
    {
      href: () => urlField(url),
      url: () => urlField(url),
      type: () => type,
      length: () => (size === undefined ? undefined : String(size)),
    },
    "entry.enclosures[]",
  );
}

/** Python's time.struct_time in UTC: (Y, M, D, h, m, s, weekday Mon=0, day of year, 0). */
function structTime(date: Date): PyValue[] {
  const startOfYear = Date.UTC(date.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((date.getTime() - startOfYear) / 86_400_000) + 1;
  return [
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    (date.getUTCDay() + 6) % 7,
    dayOfYear,
    0,
  ];
}
