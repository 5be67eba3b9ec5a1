import type { FeedModel } from "../../contract/reading-models.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { feedForNonSubscriber, feedUrlHasSecret } from "../feed-url-secrets.ts";
import { subscribedFeedIds } from "../storage/feeds.ts";

/**
 * Items whose feed the user does not subscribe to (starred entries of a feed they left) get the
 * non-subscriber view of that feed. Only feeds with a credential in their URL cost a lookup.
 */
export async function hideFeedSecrets<T extends { feeds: FeedModel }>(
  database: DatabaseHandle,
  userId: string,
  items: T[],
): Promise<T[]> {
  const secret = new Set<string>();
  const seen = new Set<string>();
  for (const { feeds } of items) {
    if (seen.has(feeds.id)) continue;
    seen.add(feeds.id);
    if (feedUrlHasSecret(feeds.url)) secret.add(feeds.id);
  }
  if (secret.size === 0) return items;
  const subscribed = await subscribedFeedIds(database, userId, [...secret]);
  return items.map((item) =>
    secret.has(item.feeds.id) && !subscribed.has(item.feeds.id)
      ? { ...item, feeds: feedForNonSubscriber(item.feeds) }
      : item,
  );
}
