import type { DiscoverItem } from "../../contract/api/discover.ts";
import { endpoints } from "../../contract/api/index.ts";
import { parseSearchQuery } from "../../contract/search/query.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRow } from "../db/schema.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import { updatesPerWeek } from "../jobs/schedule.ts";
import type { SubscribeService } from "../jobs/subscribe.ts";
import { findPublicFeeds } from "../storage/discover.ts";
import { recentPublishedAt } from "../storage/feed-leases.ts";
import { latestEntries, subscribedFeedIds, subscriberCount } from "../storage/feeds.ts";
import { toEntryModel, toFeedModel } from "../storage/mappers.ts";
import { userRouter } from "./context.ts";
import { feedForNonSubscriber, feedUrlHasSecret } from "./feed-url-privacy.ts";

const RESULTS = 20;
const PREVIEW_ENTRIES = 3;

/** A scheme (https://, rsshub://): the user means that address. */
const WITH_SCHEME = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
/** A bare site address (example.com/blog): probably an address, maybe words ("node.js"). */
const SITE_ADDRESS = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?(\/\S*)?$/u;

export function discoverRoutes(auth: Auth, database: DatabaseHandle, subscriber: SubscribeService) {
  const app = userRouter(auth, database);

  route(app, endpoints.discover.search, async ({ request }, c) => {
    const userId = c.get("userId");
    if (request.target === "lists") return { code: 0 as const, data: [] };
    const keyword = request.keyword.trim();
    if (WITH_SCHEME.test(keyword)) {
      const feed = await subscriber.resolve({ url: keyword });
      return { code: 0 as const, data: await describe(database, userId, [feed], true) };
    }
    if (SITE_ADDRESS.test(keyword)) {
      // A site address that leads nowhere is read as words instead ("node.js").
      const feed = await subscriber.resolve({ url: `https://${keyword}` }).catch(() => null);
      if (feed) return { code: 0 as const, data: await describe(database, userId, [feed], true) };
    }
    const parsed = parseSearchQuery(keyword.slice(0, 256));
    if (!parsed.ok) throw new ApiError(1002, parsed.reason);
    const found = await findPublicFeeds(database, parsed.query, RESULTS, request.language);
    return {
      code: 0 as const,
      data: await describe(
        database,
        userId,
        found.map((f) => f.feed),
        false,
        new Map(found.map((f) => [f.feed.id, f.subscribers])),
      ),
    };
  });

  return app;
}

/** Each feed with its liveliness and newest entries; secrets in URLs hidden from non-subscribers. */
async function describe(
  database: DatabaseHandle,
  userId: string,
  feeds: readonly FeedRow[],
  askedByUrl: boolean,
  counts?: Map<string, number>,
): Promise<DiscoverItem[]> {
  const mine = await subscribedFeedIds(
    database,
    userId,
    feeds.map((f) => f.id),
  );
  const items: DiscoverItem[] = [];
  for (const feed of feeds) {
    const subscribed = mine.has(feed.id);
    // Asked by its URL, the user knows it; found by words, a credential in it stays hidden.
    const redacted = !askedByUrl && !subscribed && feedUrlHasSecret(feed.url);
    const recent = await recentPublishedAt(database, feed.id, 200);
    const entries = redacted ? [] : await latestEntries(database, feed.id, PREVIEW_ENTRIES);
    const subscriptionCount = counts?.get(feed.id) ?? (await subscriberCount(database, feed.id));
    const perWeek = updatesPerWeek(recent);
    const model = toFeedModel(feed);
    items.push({
      feed: redacted ? feedForNonSubscriber(model) : model,
      entries: entries.map((row) => toEntryModel(row, false)),
      subscriptionCount,
      updatesPerWeek: perWeek,
      analytics: {
        updatesPerWeek: perWeek,
        subscriptionCount,
        latestEntryPublishedAt: recent[0] ?? null,
      },
      subscribed,
    });
  }
  return items;
}
