import type { DatabaseHandle } from "../db/connect.ts";
import { inboxesOf } from "../storage/inboxes.ts";
import { listSubscriptionsOf } from "../storage/lists.ts";
import { listSubscriptions } from "../storage/subscriptions.ts";

/** A followed list is a subscription a client can follow: its stream id says it is one. */
export const LIST_FEED_PREFIX = "folo-list:";
/** So is each of the person's own inboxes, by its handle. */
export const INBOX_FEED_PREFIX = "folo-inbox:";

export interface ReaderSubscription {
  /** Our feed id, or the list's id for a list. */
  id: string;
  streamId: string;
  title: string;
  url: string;
  htmlUrl: string;
  iconUrl: string;
  category: string | null;
  listId?: string;
  /** An inbox's handle. */
  inboxId?: string;
  /** Its key in the web app's unread counts (feed id, list id or inbox handle). */
  countKey: string;
}

/**
 * What the person follows, as a reader app sees it: their feed subscriptions (only feeds open
 * to them, as the web app lists them) and the lists they follow.
 */
export async function readerSubscriptions(
  database: DatabaseHandle,
  userId: string,
): Promise<ReaderSubscription[]> {
  const feeds = (await listSubscriptions(database, userId)).map(({ subscription, feed }) => ({
    id: feed.id,
    streamId: `feed/${feed.url}`,
    title: subscription.title || feed.title || feed.url,
    url: feed.url,
    htmlUrl: feed.site_url ?? "",
    iconUrl: feed.image ?? "",
    category: subscription.category,
    countKey: feed.id,
  }));
  const lists = (await listSubscriptionsOf(database, userId)) as Array<{
    listId?: string;
    title?: string | null;
    category?: string | null;
    lists?: { id: string; title?: string | null; image?: string | null };
  }>;
  const followed = lists
    .filter((row) => row.listId ?? row.lists?.id)
    .map((row) => {
      const listId = (row.listId ?? row.lists?.id) as string;
      return {
        id: listId,
        streamId: `feed/${LIST_FEED_PREFIX}${listId}`,
        title: row.title || row.lists?.title || "List",
        url: `${LIST_FEED_PREFIX}${listId}`,
        htmlUrl: "",
        iconUrl: row.lists?.image ?? "",
        category: row.category ?? null,
        listId,
        countKey: listId,
      };
    });
  const inboxes = (await inboxesOf(database, userId)).map((inbox) => ({
    id: inbox.feed_id,
    streamId: `feed/${INBOX_FEED_PREFIX}${inbox.id}`,
    title: inbox.title || inbox.id,
    url: `${INBOX_FEED_PREFIX}${inbox.id}`,
    htmlUrl: "",
    iconUrl: "",
    category: null,
    inboxId: inbox.id,
    countKey: inbox.id,
  }));
  return [...feeds, ...followed, ...inboxes];
}

/** The subscription a `feed/…` stream names: by URL, by our feed id, or a list. */
export function findByRef(subscriptions: readonly ReaderSubscription[], ref: string) {
  return (
    subscriptions.find((s) => s.url === ref) ??
    subscriptions.find((s) => s.id === ref && !s.listId && !s.inboxId) ??
    subscriptions.find((s) => s.listId && ref === `${LIST_FEED_PREFIX}${s.listId}`)
  );
}

/** Categories (labels), sorted. */
export function labelsOf(subscriptions: readonly ReaderSubscription[]): string[] {
  return [...new Set(subscriptions.map((s) => s.category).filter((c): c is string => !!c))].sort();
}
