import type { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import { parseSearchQuery } from "../../contract/search/query.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import type { SessionVariables } from "../http/require-user.ts";
import { route } from "../http/route.ts";
import {
  deleteSavedSearch,
  listSavedSearches,
  renameSavedSearch,
  saveSearch,
} from "../storage/saved-searches.ts";
import { ok } from "./context.ts";

/** Saved searches, on the search router (their paths are under /search). */
export function registerSavedSearchRoutes(
  app: Hono<{ Variables: SessionVariables }>,
  database: DatabaseHandle,
) {
  const saved = endpoints.savedSearches;

  route(app, saved.list, async (_input, c) => ({
    code: 0 as const,
    data: await listSavedSearches(database, c.get("userId")),
  }));

  route(app, saved.save, async ({ request }, c) => {
    // Saved only if it can run: the timeline would otherwise fail each time it opens.
    const parsed = parseSearchQuery(request.keyword);
    if (!parsed.ok) throw new ApiError(1002, parsed.reason);
    const data = await saveSearch(database, c.get("userId"), {
      id: request.id,
      name: request.name.trim() || request.keyword,
      keyword: request.keyword,
      filters: request.filters,
    });
    return { code: 0 as const, data };
  });

  route(app, saved.rename, async ({ request }, c) => {
    const name = request.name.trim();
    if (!name) throw new ApiError(1002, "A name is required");
    await renameSavedSearch(database, c.get("userId"), request.id, name);
    return ok;
  });

  route(app, saved.remove, async ({ request }, c) => {
    await deleteSavedSearch(database, c.get("userId"), request.id);
    return ok;
  });
}
