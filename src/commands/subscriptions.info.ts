import type { FeedViewType } from "../../contract/views.ts";
import { commandInfo } from "./types.ts";

/** Subscription commands as the palette, shortcuts and menus see them (no Effect). */

/** What a subscription's dialogs set; absent fields stay as they are. */
export interface SubscriptionSettings {
  view?: FeedViewType;
  category?: string | null;
  isPrivate?: boolean;
  title?: string | null;
  /** A push notification for each new entry (kept on the server only). */
  notify?: boolean;
}

export const subscribeInfo = commandInfo({
  name: "subscriptions.subscribe",
  conflict: {
    rule: "last-write-wins",
    because:
      "Against unsubscribe the one received last stands; it sets the view (0 if unnamed) and the settings it names; read stays read.",
  },
  keywords: ["follow", "add", "feed", "rss"],
  // feedId when the feed is known locally: the row is then real at once, not a placeholder.
  fromContext: (_context, input?: { url: string; feedId?: string } & SubscriptionSettings) =>
    input?.url ? { ...input } : undefined,
  // Subscribing needs a URL: the quick add dialog asks for it.
  prompt: ({ view }) => ({ kind: "quickAdd", view }),
});

export const unsubscribeInfo = commandInfo({
  name: "subscriptions.unsubscribe",
  conflict: {
    rule: "last-write-wins",
    because:
      "Against subscribe the one received last stands; an edit of the feed received after it is refused.",
  },
  keywords: ["unfollow", "remove", "delete"],
  when: (context) => (context.feedId ?? context.entryFeedId) !== undefined,
  // The selected feed, else the open entry's; only once the user confirmed.
  fromContext: ({ feedId, entryFeedId }, input?: { confirmed: true }) => {
    const id = feedId ?? entryFeedId;
    return id && input?.confirmed ? { feedIds: [id] } : undefined;
  },
  prompt: ({ feedId, entryFeedId }) => {
    const id = feedId ?? entryFeedId;
    return id ? { kind: "unsubscribe", feedId: id } : undefined;
  },
});

export const editSubscriptionInfo = commandInfo({
  name: "subscriptions.edit",
  conflict: {
    rule: "last-write-wins",
    because:
      "The settings it names (the edit dialog names all of its form) replace the other device's; refused if the feed was unfollowed.",
  },
  keywords: ["rename", "category", "view", "private"],
  when: (context) => (context.feedId ?? context.entryFeedId) !== undefined,
  fromContext: ({ feedId, entryFeedId }, input?: SubscriptionSettings) => {
    const id = feedId ?? entryFeedId;
    return id && input ? { feedId: id, ...input } : undefined;
  },
  prompt: ({ feedId, entryFeedId }) => {
    const id = feedId ?? entryFeedId;
    return id ? { kind: "editSubscription", feedId: id } : undefined;
  },
});

/** Moves the feeds of a selection of several (a folder, a list of feeds) to a folder or view. */
export const batchEditSubscriptionsInfo = commandInfo({
  name: "subscriptions.batchEdit",
  conflict: {
    rule: "last-write-wins",
    because: "Field by field on the feeds it names; feeds unfollowed meanwhile are skipped.",
  },
  keywords: ["move", "category", "view"],
  when: (context) => Boolean(context.feedIds?.length),
  fromContext: ({ feedIds }, input?: Pick<SubscriptionSettings, "view" | "category">) =>
    feedIds?.length && input && (input.view !== undefined || input.category !== undefined)
      ? { feedIds: [...feedIds], ...input }
      : undefined,
  prompt: ({ feedIds }) =>
    feedIds?.length ? { kind: "batchEditSubscriptions", feedIds } : undefined,
});
