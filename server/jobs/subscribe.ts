import type { SubscribeRequest } from "../../contract/reading.ts";
import { CodedError } from "../coded-error.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { discoverFeed } from "../ingest/discover.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { feedOrNotFound, isInboxUrl, readableFeedIds } from "../storage/feed-access.ts";
import type { UsableInstance } from "../storage/feed-route-instances.ts";
import { findFeedById, findFeedByUrl, upsertFeed } from "../storage/feeds.ts";
import { toFeedModel } from "../storage/mappers.ts";
import { subscribe } from "../storage/subscriptions.ts";
import { ingestSettings } from "./ingest-settings.ts";
import { storeFeedEntries } from "./store-entries.ts";

/**
 * Subscribing by URL: a known feed URL subscribes at once; anything else goes through discovery
 * (feed, site page, well-known paths, feed-route) and the first fetch is stored before answering,
 * so the new subscription has entries right away.
 */
export function createSubscribeService(
  database: DatabaseHandle,
  fetcher: Fetcher,
  options: {
    feedRouteBaseUrl: string | undefined;
    /** The person's own chosen feed-route instance (null: the server's). */
    feedRouteFor?: (userId: string) => Promise<UsableInstance | null>;
  },
) {
  /** Someone else's inbox, however it is named, answers as a feed that does not exist. */
  async function resolveFeed(request: Pick<SubscribeRequest, "feedId" | "url">, userId: string) {
    return feedOrNotFound(await findOrDiscover(request, userId), userId);
  }

  async function findOrDiscover(request: Pick<SubscribeRequest, "feedId" | "url">, userId: string) {
    if (request.feedId) {
      const feed = await findFeedById(database, request.feedId);
      // By id, only a feed the user could read by id (a secret-URL feed they do not subscribe
      // to is not there for them), unless its own URL comes beside the id: the URL is the secret.
      if (!feed || request.url?.trim() === feed.url) return feed;
      const readable = await readableFeedIds(database.db, userId, [feed.id]);
      return readable.has(feed.id) ? feed : undefined;
    }
    const url = request.url?.trim();
    if (!url) throw new CodedError(2002);
    const known = await findFeedByUrl(database, url);
    // An inbox is made, never fetched: an unknown handle is simply not found.
    if (known || isInboxUrl(url)) return known;
    // rsshub:// resolves against the person's chosen instance, else the server's.
    const own = /^rsshub:\/\//i.test(url) ? await options.feedRouteFor?.(userId) : null;
    const found = await discoverFeed(url, {
      fetcher,
      feedRouteBaseUrl: own ? own.baseUrl : options.feedRouteBaseUrl,
      feedRouteAccessKey: own?.accessKey ?? null,
    });
    const existing = await findFeedByUrl(database, found.feedUrl);
    if (existing) return existing;
    const feed = await upsertFeed(database, { ...found.feed, url: found.feedUrl }, found);
    await storeFeedEntries(database, feed.id, found.entries);
    // A feed that names a hub is pushed from its first subscriber on, not from its next change
    // (a preview nobody follows up is released by the WebSub sweep).
    if (found.hub) ingestSettings().onHub?.(feed.id, found.hub, found.hubTopic ?? feed.url);
    return feed;
  }

  return {
    /**
     * The feed a URL or id stands for, discovered, fetched and stored when new (a preview);
     * with the asking person, rsshub:// goes to their chosen instance.
     */
    resolve: resolveFeed,
    async subscribe(userId: string, request: SubscribeRequest) {
      const feed = await resolveFeed(request, userId);
      const { unread } = await subscribe(database, {
        userId,
        feedId: feed.id,
        view: request.view ?? 0,
        category: request.category,
        title: request.title,
        isPrivate: request.isPrivate,
      });
      return { feed: toFeedModel(feed), list: null, unread: { [feed.id]: unread } };
    },
  };
}

export type SubscribeService = ReturnType<typeof createSubscribeService>;
