import { randomUUID } from "node:crypto";
import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { idScanLimiterFor } from "../http/id-scan-limiter.ts";
import { route } from "../http/route.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { createFetchNowBudget, recentCheck } from "../jobs/fetch-now.ts";
import { refreshFeed } from "../jobs/refresh-feed.ts";
import { updatesPerWeek } from "../jobs/schedule.ts";
import type { SubscribeService } from "../jobs/subscribe.ts";
import type { Logger } from "../logger.ts";
import { readableFeedById } from "../storage/feed-access.ts";
import { claimFeed, recentPublishedAt } from "../storage/feed-leases.ts";
import { findFeedById, latestEntries, subscriberCount } from "../storage/feeds.ts";
import { toEntryModel, toFeedModel, toSubscriptionModel } from "../storage/mappers.ts";
import { reachableFeedIds } from "../storage/reached-feeds.ts";
import { findSubscription } from "../storage/subscriptions.ts";
import { userRouter } from "./context.ts";

/** A fetch now's lease: longer than any one fetch (timeouts, redirects, a slow body). */
const ADMIN_REFRESH_LEASE_MS = 5 * 60_000;

export function feedRoutes(
  auth: Auth,
  database: DatabaseHandle,
  fetcher: Fetcher,
  subscriber: SubscribeService,
  logger: Logger,
) {
  const app = userRouter(auth, database);
  const idScans = idScanLimiterFor(database);

  // By id, a known feed; by URL, any feed: a URL not seen before is discovered, fetched and
  // stored like a subscription would (without subscribing), so quick add can preview it.
  // By id, a feed the user does not subscribe to costs from their id-scan budget, and only a
  // feed they could read by id is found: someone else's inbox, or a feed whose URL holds a
  // secret they do not subscribe to, answers 2001 as if missing (see feed-access.ts).
  route(app, endpoints.feeds.get, async ({ request: { id, url, entriesLimit } }, c) => {
    if (!id && !url?.trim()) throw new ApiError(2002);
    const userId = c.get("userId");
    const subscription = id ? await findSubscription(database, userId, id) : undefined;
    if (id && !subscription) idScans.takeOrThrow(c, userId);
    const feed = id
      ? await readableFeedById(database, userId, id)
      : await subscriber.resolve({ url: url!.trim() }, userId);
    const mine =
      subscription ?? (id ? undefined : await findSubscription(database, userId, feed.id));
    const entries = entriesLimit ? await latestEntries(database, feed.id, entriesLimit) : [];
    const recent = await recentPublishedAt(database, feed.id, 200);
    const subscriptionCount = await subscriberCount(database, feed.id);
    const model = toFeedModel(feed);
    return {
      code: 0 as const,
      data: {
        feed: model,
        entries: entries.map((row) => toEntryModel(row, false)),
        subscriptionCount,
        analytics: {
          updatesPerWeek: updatesPerWeek(recent),
          subscriptionCount,
          latestEntryPublishedAt: recent[0] ?? null,
        },
        ...(mine ? { subscription: toSubscriptionModel(mine, feed) } : {}),
      },
    };
  });

  // Fetch now: admins any feed; anyone else a feed they follow, within the limits of
  // jobs/fetch-now.ts (a feed checked in the last minute answers with that check).
  const fetchNow = createFetchNowBudget();
  route(app, endpoints.feeds.refresh, async ({ request: { id } }, c) => {
    const userId = c.get("userId");
    const admin = c.get("role") === "admin";
    if (!admin) {
      const followed = await reachableFeedIds(database.db, userId, [id]);
      // The same answer whether or not the feed exists: this says nothing about other feeds.
      if (followed.length === 0)
        throw new ApiError(2000, "Only feeds you follow can be fetched now");
      const known = await findFeedById(database, id);
      if (!known) throw new ApiError(2001);
      const recent = recentCheck(known);
      if (recent) return { code: 0 as const, data: recent };
      if (!fetchNow.take(userId)) {
        c.header("retry-after", String(Math.max(1, Math.ceil(fetchNow.waitMs(userId) / 1000))));
        throw new ApiError(12000, "Too many feeds fetched at once; try again in a few seconds");
      }
    }
    // Under a lease like any worker's, so a forced refresh never runs beside a scheduled one.
    const worker = `${admin ? "admin" : "reader"}-${randomUUID().slice(0, 8)}`;
    const feed = await claimFeed(database, id, worker, ADMIN_REFRESH_LEASE_MS);
    if (!feed) {
      if (await findFeedById(database, id)) {
        throw new ApiError(1, "This feed is being refreshed right now; try again shortly");
      }
      throw new ApiError(2001);
    }
    const outcome = await refreshFeed(database, fetcher, feed, worker, logger);
    return { code: 0 as const, data: outcome };
  });
  return app;
}
