import type { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import { trialFeedLimit } from "../accounts/trial.ts";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import type { SessionVariables } from "../http/require-user.ts";
import { route } from "../http/route.ts";
import type { OpmlImporter } from "../jobs/opml-import.ts";
import { readOpml } from "../opml/document.ts";
import { exportOpml } from "../opml/export.ts";
import { feedsOf, normalizeFeedUrl } from "../opml/feeds.ts";
import { countSubscriptions, listSubscriptions } from "../storage/subscriptions.ts";

/** OPML calls, registered on the subscriptions router (same mount, same session checks). */
export function registerOpmlRoutes(
  app: Hono<{ Variables: SessionVariables }>,
  database: DatabaseHandle,
  importer: OpmlImporter,
  config: Pick<ServerConfig, "opml" | "maxSubscriptionsPerUser" | "ingest"> &
    Partial<Pick<ServerConfig, "trialLimits">>,
) {
  const { parseOpml, importOpml, importStatus, exportOpml: exportCall } = endpoints.subscriptions;

  route(app, parseOpml, async ({ request: { opml } }, c) => {
    if (opml.length > config.opml.maxChars) {
      throw new ApiError(14001, `OPML files are read up to ${config.opml.maxChars} characters`);
    }
    const read = await readOpml(opml);
    if (!read.ok) throw new ApiError(14000, read.reason);
    const { feeds, problems } = feedsOf(read.document);
    const userId = c.get("userId");
    const followed = new Set<string>();
    for (const { feed } of await listSubscriptions(database, userId)) {
      followed.add(feed.url);
      const normal = normalizeFeedUrl(feed.url);
      if (normal) followed.add(normal);
    }
    const held =
      config.maxSubscriptionsPerUser === undefined ? 0 : await countSubscriptions(database, userId);
    return {
      code: 0 as const,
      data: {
        title: read.document.head.title ?? null,
        subscriptions: feeds.map((feed) => ({ ...feed, subscribed: followed.has(feed.url) })),
        problems: [...read.problems, ...problems].sort((a, b) => a.line - b.line),
        remaining:
          config.maxSubscriptionsPerUser === undefined
            ? null
            : Math.max(0, config.maxSubscriptionsPerUser - held),
      },
    };
  });

  route(app, importOpml, async ({ request: { items, view, importId } }, c) => {
    const userId = c.get("userId");
    const feedLimit = await trialFeedLimit(database, config.trialLimits, userId);
    return {
      code: 0 as const,
      data: await importer.start(userId, items, view ?? 0, importId, { feedLimit }),
    };
  });

  route(app, importStatus, ({ request: { id } }, c) => ({
    code: 0 as const,
    data: importer.status(c.get("userId"), id),
  }));

  route(app, exportCall, async ({ request: { folderMode, RSSHubURL } }, c) => {
    const base = RSSHubURL?.trim() || config.ingest.feedRouteBaseUrl;
    if (base && !/^https?:\/\/[^\s/]+/i.test(base)) {
      throw new ApiError(1002, "RSSHubURL must be an http(s) URL");
    }
    const rows = await listSubscriptions(database, c.get("userId"));
    const opml = exportOpml(rows, {
      folderMode: folderMode ?? "category",
      feedRouteBase: base,
      now: new Date(),
    });
    return { code: 0 as const, data: { filename: "follow.opml", opml } };
  });
}
