import type { EntryListItem } from "../../contract/reading-models.ts";
import { longItemId, shortItemId } from "./item-ids.ts";
import { feedStreamId, LABEL, STATE } from "./streams.ts";
import { LIST_FEED_PREFIX, type ReaderSubscription } from "./subscriptions.ts";

const usec = (iso: string) => `${Date.parse(iso)}000`;
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * The states and labels of an item, as stream ids (`categories` of an item): its feed's
 * category and the person's own tags on the entry are both labels.
 */
export function itemCategories(
  item: EntryListItem,
  category: string | null | undefined,
  tags: readonly string[] = [],
) {
  const categories = [`${STATE}reading-list`];
  if (item.read) categories.push(`${STATE}read`);
  else categories.push(`${STATE}fresh`);
  if (item.collections) categories.push(`${STATE}starred`);
  for (const label of new Set([...(category ? [category] : []), ...tags])) {
    categories.push(`${LABEL}${label}`);
  }
  return categories;
}

/** Where an item came from: its feed (or the followed list that brought it). */
export function originOf(item: EntryListItem, subscriptions: readonly ReaderSubscription[]) {
  const feed = subscriptions.find((s) => s.id === item.entries.feedId && !s.listId);
  const feeds = item.feeds as { url?: string; title?: string | null; siteUrl?: string | null };
  return {
    streamId: feed?.streamId ?? feedStreamId(feeds.url ?? `${LIST_FEED_PREFIX}unknown`),
    title: feed?.title ?? feeds.title ?? "",
    htmlUrl: feed?.htmlUrl ?? feeds.siteUrl ?? "",
  };
}

/** One item of stream/contents and stream/items/contents. */
export function toReaderItem(
  item: EntryListItem,
  subscriptions: readonly ReaderSubscription[],
  tags: readonly string[] = [],
) {
  const entry = item.entries;
  const category = subscriptions.find((s) => s.id === entry.feedId && !s.listId)?.category;
  const link = entry.url ?? "";
  return {
    id: longItemId(entry.id),
    crawlTimeMsec: String(Date.parse(entry.insertedAt)),
    timestampUsec: usec(entry.publishedAt),
    published: seconds(entry.publishedAt),
    updated: seconds(entry.publishedAt),
    title: entry.title ?? "",
    author: entry.author ?? "",
    canonical: link ? [{ href: link }] : [],
    alternate: link ? [{ href: link, type: "text/html" }] : [],
    categories: itemCategories(item, category, tags),
    origin: originOf(item, subscriptions),
    summary: { direction: "ltr", content: entry.content ?? entry.description ?? "" },
    enclosure: entry.attachments.map((a) => ({
      href: a.url,
      ...(a.mime_type ? { type: a.mime_type } : {}),
    })),
  };
}

/** One reference of stream/items/ids. */
export function toItemRef(item: EntryListItem) {
  return {
    id: shortItemId(item.entries.id),
    directStreamIds: [],
    timestampUsec: usec(item.entries.publishedAt),
  };
}
