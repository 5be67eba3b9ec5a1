import type { EntryListItem } from "../../contract/reading-models.ts";
import type { SqlValue } from "./types.ts";

/** Server data → local rows, by the mapping rules of SPEC §3. Pure. */
export type LocalRow = Record<string, SqlValue>;

export interface ServerList {
  id: string;
  userId?: string | null;
  title: string;
  feedIds?: readonly string[] | null;
  description?: string | null;
  view: number;
  image?: string | null;
  fee?: number | null;
  ownerUserId?: string | null;
  subscriptionCount?: number | null;
  purchaseAmount?: number | string | null;
}

const json = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

/** A list is kept only when it has an owner; its purchase amount is stored as text. */
export function listRow(list: ServerList | null | undefined): LocalRow | undefined {
  if (!list?.ownerUserId) return undefined;
  return {
    id: list.id,
    user_id: list.userId ?? null,
    title: list.title,
    feed_ids: json(list.feedIds),
    description: list.description ?? null,
    view: list.view,
    image: list.image ?? null,
    fee: list.fee ?? null,
    owner_user_id: list.ownerUserId,
    subscription_count: list.subscriptionCount ?? null,
    purchase_amount:
      list.purchaseAmount === undefined || list.purchaseAmount === null
        ? null
        : String(list.purchaseAmount),
  };
}

/**
 * A timeline item: content stays empty in list form (it streams in later), `read` is the
 * server's, and inboxHandle is set only for inbox feeds.
 */
export function entryRow(item: EntryListItem): LocalRow {
  const entry = item.entries;
  const feedType = (item.feeds as { type?: string }).type;
  return {
    id: entry.id,
    title: entry.title,
    url: entry.url,
    content: entry.content ?? "",
    description: entry.description,
    guid: entry.guid,
    author: entry.author,
    author_url: entry.authorUrl,
    author_avatar: entry.authorAvatar,
    inserted_at: entry.insertedAt,
    published_at: entry.publishedAt,
    media: json(entry.media),
    categories: json(entry.categories),
    attachments: json(entry.attachments),
    extra: json(entry.extra),
    language: entry.language,
    feed_id: entry.feedId,
    inbox_handle: feedType === "inbox" ? item.feeds.id : null,
    read: item.read ? 1 : 0,
    // What the user's action rules gave the entry (auto summary, translation, full text...).
    settings: json(item.settings),
  };
}

export function collectionRow(item: EntryListItem): LocalRow | undefined {
  if (!item.collections) return undefined;
  return {
    entry_id: item.entries.id,
    feed_id: item.entries.feedId,
    created_at: item.collections.createdAt,
    view: item.view,
  };
}
