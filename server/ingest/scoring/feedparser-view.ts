import type { IngestedFeed, NormalizedEntry, NormalizedFeed } from "../model.ts";
import { encodingField, htmlField, plainText, versionField } from "./comparables.ts";
import { type PyValue, Unmappable, type View, view } from "./python-eval.ts";

/**
 * feedparser's result dictionary, re-created on top of our normalized model: every key that
 * maps onto one of our fields reads that field; every other key is Unmappable with a reason
 * ("not in our model: entry.where"), so the scoring can count those honestly.
 */
export interface CaseContext {
  /** The HTTP Content-Type the case was served with, if any. */
  contentType: string | null;
}

export function feedparserNamespace(result: IngestedFeed | null, context: CaseContext): Record<string, PyValue> {
  const ok = result !== null;
  return {
    bozo: {
      kind: "special",
      negated: () => ok,
      truthy: () => {
        throw new Unmappable("expects bozo (well-formedness diagnostics are not modelled)");
      },
    },
    feed: result ? feedView(result.feed) : view(() => undefined),
    entries: result ? result.entries.map((entry) => entryView(entry)) : [],
    encoding: result ? encodingField(result.encoding, isRfc3023TextDefault(context.contentType)) : null,
    version: result ? versionField(result.format) : "",
  };
}

/** text/* without a charset: RFC 3023 (and feedparser) say US-ASCII; we do not. */
function isRfc3023TextDefault(contentType: string | null): boolean {
  return contentType !== null && /^\s*text\//i.test(contentType) && !/charset\s*=/i.test(contentType);
}

const text = (value: string | null, field: string) => (value === null ? undefined : plainText(value, field));
const str = (value: string | null | undefined) => (value == null ? undefined : value);

function feedView(feed: NormalizedFeed): View {
  const detail = (value: string | null, field: string) =>
    value === null ? undefined : detailView(text(value, field)!, feed.language, `feed.${field}_detail`);
  const fields: Record<string, () => PyValue | undefined> = {
    title: () => text(feed.title, "feed.title"),
    title_detail: () => detail(feed.title, "title"),
    link: () => str(feed.siteUrl),
    links: () => (feed.siteUrl ? [linkView(feed.siteUrl, "alternate")] : []),
    subtitle: () => text(feed.description, "feed.subtitle"),
    tagline: () => text(feed.description, "feed.subtitle"),
    description: () => text(feed.description, "feed.subtitle"),
    subtitle_detail: () => detail(feed.description, "subtitle"),
    tagline_detail: () => detail(feed.description, "subtitle"),
    image: () => (feed.image ? imageView(feed.image) : undefined),
    language: () => feed.language,
  };
  return mappedView(fields, "feed");
}

function entryView(entry: NormalizedEntry): View {
  const content = entry.content === null ? undefined : htmlField(entry.content);
  const contentDetail = () => (content === undefined ? undefined : detailView(content, entry.language, "entry.content"));
  const published = () => (entry.publishedAt ? structTime(entry.publishedAt) : undefined);
  const fields: Record<string, () => PyValue | undefined> = {
    title: () => text(entry.title, "entry.title"),
    title_detail: () => (entry.title === null ? undefined : detailView(plainText(entry.title, "entry.title"), entry.language, "entry.title_detail")),
    link: () => str(entry.url),
    links: () => entryLinks(entry),
    id: () => entry.guid,
    guid: () => entry.guid,
    description: () => content,
    summary: () => content,
    summary_detail: contentDetail,
    content: () => (content === undefined ? undefined : [contentDetail()!]),
    author: () => text(entry.author, "entry.author"),
    author_detail: () => (entry.author === null ? undefined : authorView(entry)),
    tags: () => entry.categories.map((term) => mappedView({ term: () => plainText(term, "entry.tags.term") }, "entry.tags[]")),
    category: () => text(entry.categories[0] ?? null, "entry.category"),
    enclosures: () => entry.attachments.map((a) => enclosureView(a.url, a.mimeType, a.sizeInBytes)),
    published_parsed: published,
    updated_parsed: published,
    date_parsed: published,
    issued_parsed: published,
    modified_parsed: published,
    media_content: () => entry.media.map((m) => mappedView({ url: () => m.url, medium: () => (m.type === "photo" ? "image" : "video") }, "entry.media_content[]")),
    media_thumbnail: () =>
      entry.media.flatMap((m) => (m.previewImageUrl ? [m.previewImageUrl] : m.type === "photo" ? [m.url] : [])).map((url) => mappedView({ url: () => url }, "entry.media_thumbnail[]")),
  };
  return mappedView(fields, "entry");
}

/** A view over `fields`; any other key is unmappable with a reason naming it. */
function mappedView(fields: Record<string, () => PyValue | undefined>, owner: string): View {
  return view((key) => {
    const getter = fields[key];
    if (!getter) throw new Unmappable(`not in our model: ${owner}.${key}`);
    return getter();
  });
}

function detailView(value: PyValue, language: string | null, owner: string): View {
  return mappedView({ value: () => value, language: () => language }, owner);
}

function linkView(href: string, rel: string, type?: string): View {
  return mappedView({ href: () => href, rel: () => rel, ...(type ? { type: () => type } : {}) }, "link");
}

function entryLinks(entry: NormalizedEntry): View[] {
  return [
    ...(entry.url ? [linkView(entry.url, "alternate")] : []),
    ...entry.attachments.map((a) => linkView(a.url, "enclosure", a.mimeType)),
    ...(entry.extra?.links ?? []).map((l) => linkView(l.url, l.rel ?? "related", l.type)),
  ];
}

function imageView(url: string): View {
  return mappedView({ href: () => url, url: () => url }, "feed.image");
}

function authorView(entry: NormalizedEntry): View {
  return mappedView(
    {
      name: () => text(entry.author, "entry.author"),
      href: () => str(entry.authorUrl),
      url: () => str(entry.authorUrl),
    },
    "entry.author_detail",
  );
}

function enclosureView(url: string, type: string | undefined, size: number | undefined): View {
  return mappedView(
    { href: () => url, url: () => url, type: () => type, length: () => (size === undefined ? undefined : String(size)) },
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
