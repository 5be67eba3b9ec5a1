import type { JsonFeed } from "feedsmith";
import { resolveBaseChain } from "../urls.ts";
import { enclosureOf, mediaFromEnclosure } from "./namespaces.ts";
import { emptyEntry, type RawEntry, type RawFeed, type RawPerson, str } from "./raw.ts";

/** JSON Feed 1.0/1.1 -> RawFeed (feedsmith already folds 1.0's `author` into `authors`). */

type Item = JsonFeed.Item<string>;

export function adaptJson(feed: JsonFeed.Feed<string>, documentUrl: string | null): RawFeed {
  const base = resolveBaseChain(documentUrl);
  const language = str(feed.language);
  return {
    title: str(feed.title) ? { value: feed.title!, type: "text" } : null,
    siteUrl: str(feed.home_page_url),
    description: str(feed.description) ? { value: feed.description!, type: "text" } : null,
    image: str(feed.icon) ?? str(feed.favicon),
    language,
    base,
    inheritedAuthors: persons(feed.authors),
    entries: (feed.items ?? []).map((item) => adaptItem(item, base)),
  };
}

function adaptItem(item: Item, base: string | null): RawEntry {
  const entry = emptyEntry();
  entry.base = base;
  entry.id = typeof item.id === "number" ? String(item.id) : str(item.id);
  // JSON Feed titles and summaries are plain text by the spec.
  entry.title = str(item.title) ? { value: item.title!, type: "text" } : null;
  entry.link = str(item.url);
  const external = str(item.external_url);
  if (external) entry.otherLinks.push({ href: external, rel: "external" });
  const html = str(item.content_html);
  const plain = str(item.content_text);
  entry.content = html
    ? { value: html, type: "html" }
    : plain
      ? { value: plain, type: "text" }
      : null;
  entry.summary = str(item.summary) ? { value: item.summary!, type: "text" } : null;
  entry.authors = persons(item.authors);
  entry.published = str(item.date_published);
  entry.updated = str(item.date_modified);
  entry.categories = (item.tags ?? []).filter((t): t is string => typeof t === "string");
  entry.language = str(item.language);
  for (const url of [str(item.image), str(item.banner_image)]) {
    if (url) entry.media.push({ type: "photo", url });
  }
  for (const attachment of item.attachments ?? []) {
    const url = str(attachment.url);
    if (!url) continue;
    const enclosure = enclosureOf(
      url,
      attachment.mime_type,
      attachment.size_in_bytes,
      attachment.duration_in_seconds,
      attachment.title,
    );
    entry.enclosures.push(enclosure);
    const media = mediaFromEnclosure(enclosure);
    if (media) entry.media.push(media);
  }
  return entry;
}

function persons(list: JsonFeed.Author[] | undefined): RawPerson[] {
  return (list ?? []).map((a) => ({ name: str(a.name), url: str(a.url), avatar: str(a.avatar) }));
}
