import { endpoints } from "../../contract/api/index.ts";
import { parseSearchQuery } from "../../contract/search/query.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import { searchEntries, searchFeeds } from "../storage/search.ts";
import { toIso } from "../storage/time.ts";
import { userRouter } from "./context.ts";
import { registerSavedSearchRoutes } from "./saved-searches.ts";

const DEFAULT_LIMIT = 20;
const FEED_LIMIT = 10;

export function searchRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);

  route(app, endpoints.search.query, async ({ request }, c) => {
    const parsed = parseSearchQuery(request.keyword);
    if (!parsed.ok) throw new ApiError(1002, parsed.reason);
    const since = bound(request.publishedSince, "publishedSince");
    const before = bound(request.publishedBefore, "publishedBefore");
    const userId = c.get("userId");
    const type = request.type ?? "all";
    const feedIds = request.feedId ? [request.feedId] : request.feedIdList;
    const entries =
      type === "feeds"
        ? { hits: [], hasMore: false }
        : await searchEntries(database, userId, parsed.query, {
            ...(request.view !== undefined ? { view: request.view } : {}),
            ...(feedIds ? { feedIds } : {}),
            ...(request.category !== undefined ? { category: request.category } : {}),
            ...(request.unread !== undefined ? { unread: request.unread } : {}),
            ...(request.starred !== undefined ? { starred: request.starred } : {}),
            ...(since ? { since } : {}),
            ...(before ? { before } : {}),
            ...(before && request.beforeId ? { beforeId: request.beforeId } : {}),
            ...(request.order === "newest" ? { newest: true } : {}),
            limit: request.limit ?? DEFAULT_LIMIT,
            offset: request.offset ?? 0,
          });
    // Feeds are one short list on the first page; entry filters (unread, dates) do not apply.
    const feeds =
      type === "entries" || (request.offset ?? 0) > 0 || feedIds
        ? []
        : await searchFeeds(database, userId, parsed.query, {
            ...(request.view !== undefined ? { view: request.view } : {}),
            ...(request.category !== undefined ? { category: request.category } : {}),
            limit: FEED_LIMIT,
          });
    return {
      code: 0 as const,
      data: {
        mode: "server" as const,
        entries: entries.hits,
        feeds,
        hasMore: entries.hasMore,
        ...("rankedAmong" in entries && entries.rankedAmong !== undefined
          ? { rankedAmong: entries.rankedAmong }
          : {}),
      },
    };
  });

  registerSavedSearchRoutes(app, database);
  return app;
}

function bound(value: string | number | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const iso = toIso(value);
  if (!iso) throw new ApiError(1002, `${name} is not a date (ISO 8601 or epoch milliseconds)`);
  return iso;
}
