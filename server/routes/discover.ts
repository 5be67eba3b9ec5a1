import type { TrendingEntry } from "../../contract/api/discover.ts";
import { endpoints } from "../../contract/api/index.ts";
import { categoryFolderKeys, isDiscoverCategory } from "../../contract/discover-categories.ts";
import { parseSearchQuery, type SearchQuery } from "../../contract/search/query.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRow } from "../db/schema.ts";
import type { Catalogues } from "../discover/catalogues.ts";
import { describeFeeds, describeLists } from "../discover/describe.ts";
import { describeListResults } from "../discover/describe-list-results.ts";
import { filterCatalogue } from "../discover/route-catalogue.ts";
import { routeUrlMatcher } from "../discover/route-feeds.ts";
import { matchRoutes } from "../discover/route-matches.ts";
import type { TrendingService } from "../discover/trending-service.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import type { SubscribeService } from "../jobs/subscribe.ts";
import { findPublicFeeds } from "../storage/discover.ts";
import { categoryFeeds, categoryLists, routeFeeds } from "../storage/discover-category.ts";
import { findLists } from "../storage/discover-lists.ts";
import { isPublicFeed } from "../storage/feed-access.ts";
import { toEntryModel, toFeedModel } from "../storage/mappers.ts";
import { findPublicProfiles } from "../storage/users.ts";
import { userRouter } from "./context.ts";

const RESULTS = 20;
const TRENDING_DEFAULT = 10;
/** Feed-route feeds looked at per category page (most followed first). */
const ROUTE_FEEDS_SCANNED = 500;

/** A scheme (https://, rsshub://): the user means that address. */
const WITH_SCHEME = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
/** A bare site address (example.com/blog): probably an address, maybe words ("node.js"). */
const RSSHUB_ADDRESS = /^rsshub:\/\//i;
const SITE_ADDRESS = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?(\/\S*)?$/u;

export interface DiscoverServices {
  subscriber: SubscribeService;
  trending: TrendingService;
  catalogues: Catalogues;
}

export function discoverRoutes(
  auth: Auth,
  database: DatabaseHandle,
  { subscriber, trending, catalogues }: DiscoverServices,
) {
  const app = userRouter(auth, database);

  route(app, endpoints.discover.search, async ({ request }, c) => {
    const userId = c.get("userId");
    const keyword = request.keyword.trim();
    const catalogue = await catalogues.forUser(userId);
    // Route matches come last; a catalogue that cannot be read leaves the search its results.
    const routesNamed = (query: SearchQuery | null) =>
      catalogue
        .load()
        .then((all) => matchRoutes(all, keyword, query))
        .catch(() => []);
    if (WITH_SCHEME.test(keyword)) {
      const named = RSSHUB_ADDRESS.test(keyword) ? await routesNamed(null) : [];
      if (request.target === "lists") return { code: 0 as const, data: named };
      // An rsshub:// address that fits a route but gives no feed still opens the builder.
      const feed = await subscriber
        .resolve({ url: keyword }, userId)
        .catch((error: unknown) => (named.length > 0 ? null : Promise.reject(error)));
      const feeds = feed ? await describeFeeds(database, userId, [feed], true) : [];
      return { code: 0 as const, data: [...feeds, ...named] };
    }
    if (request.target !== "lists" && SITE_ADDRESS.test(keyword)) {
      // A site address that leads nowhere is read as words instead ("node.js").
      const feed = await subscriber
        .resolve({ url: `https://${keyword}` }, userId)
        .catch(() => null);
      if (feed)
        return { code: 0 as const, data: await describeFeeds(database, userId, [feed], true) };
    }
    const parsed = parseSearchQuery(keyword.slice(0, 256));
    if (!parsed.ok) throw new ApiError(1002, parsed.reason);
    const named = await routesNamed(parsed.query);
    if (request.target === "lists") {
      const lists = await findLists(database, parsed.query, RESULTS);
      return {
        code: 0 as const,
        data: [...(await describeListResults(database, userId, lists)), ...named],
      };
    }
    const found = await findPublicFeeds(database, parsed.query, RESULTS, request.language);
    const feeds = await describeFeeds(
      database,
      userId,
      found.map((f) => f.feed),
      false,
      new Map(found.map((f) => [f.feed.id, f.subscribers])),
    );
    return { code: 0 as const, data: [...feeds, ...named] };
  });

  route(app, endpoints.discover.trending, async ({ request }, c) => {
    const userId = c.get("userId");
    const limit = request.limit ?? TRENDING_DEFAULT;
    const ranking = await trending.current();
    const feedRanks = ranking.feeds.slice(0, limit * 2);
    const feedRows = await feedsById(
      database,
      feedRanks.map((f) => f.id),
    );
    // Found by activity, not by URL: an inbox or a feed whose URL holds a credential is not offered.
    const shownFeeds = feedRanks.flatMap((rank) => {
      const row = feedRows.get(rank.id);
      return row && isPublicFeed(row) ? [{ row, score: rank.score }] : [];
    });
    const feeds = await describeFeeds(
      database,
      userId,
      shownFeeds.slice(0, limit).map((f) => f.row),
      false,
    );
    const listRanks = ranking.lists.slice(0, limit);
    const listRows = listRanks.length
      ? await database.db
          .selectFrom("list")
          .selectAll()
          .where(
            "id",
            "in",
            listRanks.map((l) => l.id),
          )
          .execute()
      : [];
    const listCounts = await listSubscriberCounts(
      database,
      listRanks.map((l) => l.id),
    );
    const lists = await describeLists(
      database,
      userId,
      listRanks.flatMap((rank) => {
        const list = listRows.find((l) => l.id === rank.id);
        return list ? [{ list, subscribers: listCounts.get(list.id) ?? 0, score: rank.score }] : [];
      }),
    );
    const userRanks = ranking.users.slice(0, limit);
    const profiles = await findPublicProfiles(
      database,
      userRanks.map((u) => u.id),
    );
    const users = userRanks.flatMap((rank) => {
      const user = profiles[rank.id];
      return user ? [{ user, listCount: rank.listCount, score: rank.score }] : [];
    });
    const entries = await trendingEntries(database, ranking.entries.slice(0, limit * 2), limit);
    return {
      code: 0 as const,
      data: {
        feeds: feeds.map((item, i) => ({ ...item, score: shownFeeds[i]!.score })),
        lists,
        users,
        entries,
        computedAt: ranking.computedAt,
      },
    };
  });

  route(app, endpoints.discover.category, async ({ request }, c) => {
    const userId = c.get("userId");
    const category = request.category;
    if (!isDiscoverCategory(category))
      throw new ApiError(1002, `Unknown discover category: ${category}`);
    const limit = request.limit ?? RESULTS;
    const keys = category === "popular" ? null : categoryFolderKeys(category);
    const catalogue = await catalogues.forUser(userId);
    // The catalogue is a bonus here: an instance that is down leaves the page its own feeds.
    const namespaces = await catalogue
      .load()
      .then((all) => filterCatalogue(all, { category }))
      .catch(() => ({}));
    const filed = await categoryFeeds(database, keys, limit * 2);
    // Feed-route feeds are also tagged with their route's categories.
    const prefix = catalogue.feedUrlPrefix;
    let routed: typeof filed = [];
    if (prefix && keys && Object.keys(namespaces).length > 0) {
      const fromCategory = routeUrlMatcher(prefix, namespaces);
      routed = (await routeFeeds(database, prefix, ROUTE_FEEDS_SCANNED)).filter((f) =>
        fromCategory(f.feed.url),
      );
    }
    const found = [...new Map([...filed, ...routed].map((f) => [f.feed.id, f])).values()]
      .filter((f) => isPublicFeed(f.feed))
      .sort((a, b) => b.subscribers - a.subscribers || (a.feed.id < b.feed.id ? -1 : 1))
      .slice(0, limit);
    const feeds = await describeFeeds(
      database,
      userId,
      found.map((f) => f.feed),
      false,
      new Map(found.map((f) => [f.feed.id, f.subscribers])),
    );
    const lists = await describeLists(database, userId, await categoryLists(database, keys, limit));
    return { code: 0 as const, data: { feeds, lists, namespaces } };
  });

  route(app, endpoints.discover.rsshub, async ({ request }, c) => {
    const catalogue = await catalogues.forUser(c.get("userId"));
    const data = filterCatalogue(await catalogue.load(), request);
    return { code: 0 as const, instance: catalogue.instance, status: catalogue.status(), data };
  });

  return app;
}

async function feedsById(
  database: DatabaseHandle,
  ids: readonly string[],
): Promise<Map<string, FeedRow>> {
  if (ids.length === 0) return new Map();
  const rows = await database.db.selectFrom("feed").selectAll().where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

async function listSubscriberCounts(database: DatabaseHandle, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await database.db
    .selectFrom("list_subscription")
    .select((eb) => ["list_id", eb.fn.countAll<number>().as("n")])
    .where("list_id", "in", ids)
    .groupBy("list_id")
    .execute();
  return new Map(rows.map((r) => [r.list_id, Number(r.n)]));
}

async function trendingEntries(
  database: DatabaseHandle,
  ranks: ReadonlyArray<{ id: string; feedId: string; reads: number; stars: number; score: number }>,
  limit: number,
): Promise<TrendingEntry[]> {
  if (ranks.length === 0) return [];
  const rows = await database.db
    .selectFrom("entry")
    .selectAll()
    .where(
      "id",
      "in",
      ranks.map((r) => r.id),
    )
    .execute();
  const feeds = await feedsById(database, [...new Set(rows.map((r) => r.feed_id))]);
  const items: TrendingEntry[] = [];
  for (const rank of ranks) {
    const row = rows.find((r) => r.id === rank.id);
    const feed = row ? feeds.get(row.feed_id) : undefined;
    if (!row || !feed || !isPublicFeed(feed)) continue;
    items.push({
      entry: toEntryModel(row, false),
      feed: toFeedModel(feed),
      reads: rank.reads,
      stars: rank.stars,
      score: rank.score,
    });
    if (items.length === limit) break;
  }
  return items;
}
