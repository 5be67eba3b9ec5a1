import type { EntryModel, FeedModel, SubscriptionModel } from "../../contract/reading-models.ts";
import type { EntryRow, FeedRow, SubscriptionRow } from "../db/schema.ts";

export function toFeedModel(row: FeedRow): FeedModel {
  return {
    type: "feed",
    id: row.id,
    url: row.url,
    title: row.title,
    description: row.description,
    image: row.image,
    siteUrl: row.site_url,
    ownerUserId: row.owner_user_id,
    errorAt: row.error_at,
    errorMessage: row.error_message,
    language: row.language,
    // Rows joined for timelines do not select the schedule; the subscription list does.
    ...(row.next_check_at === undefined
      ? {}
      : { nextRetryAt: row.error_at === null ? null : row.next_check_at }),
  };
}

/** The entry columns a model is made of; `content` is needed only `withContent`. */
export type EntryModelRow = Omit<EntryRow, "content" | "content_hash" | "updated_at"> & {
  content?: string | null;
};

export function toEntryModel(row: EntryModelRow, withContent: boolean): EntryModel {
  return {
    id: row.id,
    feedId: row.feed_id,
    guid: row.guid,
    title: row.title,
    url: row.url,
    description: row.description,
    author: row.author,
    authorUrl: row.author_url,
    authorAvatar: row.author_avatar,
    language: row.language,
    categories: parseJson(row.categories, []),
    media: parseJson(row.media, []),
    attachments: parseJson(row.attachments, []),
    extra: parseJson(row.extra, null),
    publishedAt: row.published_at,
    insertedAt: row.inserted_at,
    ...(withContent ? { content: row.content ?? null } : {}),
  };
}

export function toSubscriptionModel(
  row: SubscriptionRow & { notify?: number },
  feed: FeedRow,
): SubscriptionModel {
  return {
    userId: row.user_id,
    feedId: row.feed_id,
    view: row.view,
    isPrivate: Boolean(row.is_private),
    title: row.title,
    category: row.category,
    createdAt: row.created_at,
    feeds: toFeedModel(feed),
    ...(row.notify !== undefined ? { notify: Number(row.notify) === 1 } : {}),
  };
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
