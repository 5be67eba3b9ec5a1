import type { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import { decodeOpmlBytes } from "../../contract/opml-bytes.ts";
import { trialFeedLimit } from "../accounts/trial.ts";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import type { SessionVariables } from "../http/require-user.ts";
import { passThrough, route } from "../http/route.ts";
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
  const {
    parseOpml,
    uploadOpml,
    importOpml,
    importStatus,
    exportOpml: exportCall,
  } = endpoints.subscriptions;

  /** The preview of an OPML text: its feeds (followed ones marked), problems, the quota left. */
  async function preview(opml: string, userId: string) {
    const read = await readOpml(opml);
    if (!read.ok) throw new ApiError(14000, read.reason);
    const { feeds, problems } = feedsOf(read.document);
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
  }

  route(app, parseOpml, async ({ request: { opml } }, c) => {
    if (opml.length > config.opml.maxChars) {
      throw new ApiError(
        14001,
        `OPML text is read up to ${config.opml.maxChars} characters: send a larger file as a file`,
      );
    }
    return preview(opml, c.get("userId"));
  });

  // The file itself, as bytes: a big export goes up without becoming a JSON string first. Its
  // size limit (OPML_MAX_BYTES) is the app's body limit for this path.
  passThrough(app, uploadOpml, async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    // NUL is no text (and no PostgreSQL string): dropped here, as feeds' control characters are.
    const text = decodeOpmlBytes(bytes).replaceAll("\u0000", "");
    const answer = await preview(text, c.get("userId"));
    return c.json(answer);
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
