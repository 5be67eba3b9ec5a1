import { endpointInfo } from "../../contract/api/info.ts";
import type { FeedSelection } from "../../contract/routes.ts";
import type { ApiFetch } from "../api/client.ts";
import { isFetchError } from "../api/fetch-error.ts";
import type { SubscriptionItem } from "../queries/subscriptions.ts";

/** The server fetches at most this many feeds at once for one person: a refetch asks no more. */
export const FETCH_NOW_MAX_FEEDS = 20;
const AT_ONCE = 4;

/** The followed feeds a timeline shows, as many as one refetch fetches. */
export function feedsToFetch(
  subscriptions: readonly SubscriptionItem[],
  selection: FeedSelection,
  view: number,
): string[] {
  const feeds = subscriptions.filter((item) => item.feedId !== null && !item.pending);
  const picked = feeds.filter((item) => {
    switch (selection.kind) {
      case "all":
        return item.view === view;
      case "folder":
        return item.view === view && item.category === selection.name;
      case "feed":
        return item.feedId === selection.feedId;
      case "feeds":
        return selection.feedIds.includes(item.feedId!);
      default:
        return false;
    }
  });
  return picked.slice(0, FETCH_NOW_MAX_FEEDS).map((item) => item.feedId!);
}

export interface FetchNowResult {
  /** New entries stored by the fetches. */
  inserted: number;
  /** Feeds whose fetch failed, with the reason the server gave and when it tries again. */
  failed: { feedId: string; message: string; nextCheckAt: string | null }[];
  /** Feeds asked for (a few at a time; stops when the server says to slow down). */
  asked: number;
}

/** Asks the server to fetch these feeds now, a few at a time; never throws. */
export async function fetchNow(api: ApiFetch, feedIds: readonly string[]): Promise<FetchNowResult> {
  const result: FetchNowResult = { inserted: 0, failed: [], asked: 0 };
  const queue = [...feedIds];
  let stop = false;
  async function worker() {
    while (!stop) {
      const feedId = queue.shift();
      if (feedId === undefined) return;
      result.asked += 1;
      try {
        const { data } = await api.call(
          endpointInfo.feeds.refresh,
          { id: feedId },
          { silent: true },
        );
        if (data.ok) result.inserted += data.inserted;
        else
          result.failed.push({
            feedId,
            message: data.message,
            nextCheckAt: data.nextCheckAt || null,
          });
      } catch (error) {
        // Slow down (12000) or offline: what is fetched so far stands; the pull still runs.
        if (!isFetchError(error) || error.code === 12000 || error.status === null) stop = true;
      }
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return result;
}
