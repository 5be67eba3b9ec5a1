import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiFetch } from "../api/client.ts";

/**
 * Which subscriptions push each new entry ("notify on new entries"): a server-side setting
 * (the push is sent there), read from the server rather than from the local database. The
 * desktop app, which has no Web Push, raises its own notification for those feeds.
 */
export async function fetchSubscriptionNotify(api: ApiFetch, feedId: string): Promise<boolean> {
  const { data } = await api.call(endpointInfo.feeds.get, { id: feedId }, { silent: true });
  return data.subscription?.notify === true;
}

const notifying = new Set<string>();
let loaded: Promise<ReadonlySet<string>> | null = null;

/** The feeds set to notify, loaded once, then kept current by rememberSubscriptionNotify. */
export function notifyingFeeds(api: ApiFetch): Promise<ReadonlySet<string>> {
  loaded ??= api.call(endpointInfo.subscriptions.list, {}, { silent: true }).then(
    ({ data }) => {
      for (const row of data) if ("notify" in row && row.notify === true) notifying.add(row.feedId);
      return notifying;
    },
    (error: unknown) => {
      loaded = null;
      throw error;
    },
  );
  return loaded;
}

/** The user changed a subscription's setting here: the desktop notifications follow at once. */
export function rememberSubscriptionNotify(feedId: string, on: boolean): void {
  if (on) notifying.add(feedId);
  else notifying.delete(feedId);
}

/** Feeds whose unread count grew since the last look, among those set to notify. */
export function newArrivals(
  seen: Map<string, number>,
  items: readonly { feedId: string | null; title: string; unread: number }[],
  notify: ReadonlySet<string>,
): { feedId: string; title: string; count: number }[] {
  const arrivals: { feedId: string; title: string; count: number }[] = [];
  for (const item of items) {
    if (!item.feedId) continue;
    const before = seen.get(item.feedId);
    seen.set(item.feedId, item.unread);
    // Not for what was there when the app opened: only what arrives while it runs.
    if (before !== undefined && item.unread > before && notify.has(item.feedId)) {
      arrivals.push({ feedId: item.feedId, title: item.title, count: item.unread - before });
    }
  }
  return arrivals;
}
