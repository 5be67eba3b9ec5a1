import { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { bodyLimitByLength } from "../http/body-limit.ts";
import { passThrough } from "../http/route.ts";
import { ingestFeedInPool } from "../ingest/pool/pool.ts";
import { storeFeedEntries } from "../jobs/store-entries.ts";
import type { Logger } from "../logger.ts";
import { validSignature } from "./signature.ts";
import { deleteWebSub, findWebSub, updateWebSub } from "./store.ts";

const MAX_LEASE_SECONDS = 365 * 86_400;

/**
 * The callbacks hubs call. No session: the unguessable id in the path names the subscription,
 * and distributed content counts only when signed with its secret. Content that fails the
 * signature is acknowledged with a 2xx as WebSub requires (so a forger learns nothing, and the
 * hub does not retry it) but never stored. Bodies are bounded as they stream in.
 */
export function webSubRoutes(
  database: DatabaseHandle,
  logger: Logger,
  options: { maxBodyBytes: number; clock?: () => number },
) {
  const clock = options.clock ?? Date.now;
  const app = new Hono();
  const unknown = () => new ApiError(2001, "No such subscription", 404);
  // Bounded as it streams in, like any fetched feed body.
  app.use(
    "*",
    bodyLimitByLength({
      maxSize: options.maxBodyBytes,
      onError: (c) => {
        c.header("connection", "close");
        return c.json(new ApiError(1002, "Body too large", 413).toBody(), 413);
      },
    }),
  );

  passThrough(app, endpoints.websub.verify, async (c) => {
    const row = await findWebSub(database, c.req.param("callback") ?? "");
    if (!row) throw unknown();
    const mode = c.req.query("hub.mode");
    const topic = c.req.query("hub.topic");
    if (topic !== row.topic) throw unknown();
    if (mode === "denied") {
      await updateWebSub(database, row.id, {
        state: "denied",
        error: (c.req.query("hub.reason") ?? "denied by the hub").slice(0, 500),
      });
      return c.body(null, 200);
    }
    const challenge = c.req.query("hub.challenge");
    // An unsubscribe is confirmed only when we asked for it (nobody follows the feed any more).
    if (mode === "unsubscribe" && challenge && row.state === "unsubscribing") {
      await deleteWebSub(database, row.id);
      logger.info({ feedId: row.feed_id, hub: row.hub }, "websub subscription ended");
      return c.text(challenge, 200);
    }
    if (mode !== "subscribe" || !challenge || row.state === "denied") throw unknown();
    if (row.state === "unsubscribing") throw unknown();
    const lease = Number(c.req.query("hub.lease_seconds"));
    const leaseSeconds =
      Number.isInteger(lease) && lease > 0 ? Math.min(lease, MAX_LEASE_SECONDS) : 86_400;
    const now = clock();
    await updateWebSub(database, row.id, {
      state: "active",
      verified_at: new Date(now).toISOString(),
      lease_until: new Date(now + leaseSeconds * 1000).toISOString(),
      error: null,
    });
    logger.info(
      { feedId: row.feed_id, hub: row.hub, leaseSeconds },
      "websub subscription verified",
    );
    return c.text(challenge, 200);
  });

  passThrough(app, endpoints.websub.deliver, async (c) => {
    const row = await findWebSub(database, c.req.param("callback") ?? "");
    // 410 tells a hub to stop delivering to a callback nobody holds (or nobody follows).
    if (!row || row.state === "unsubscribing") {
      throw new ApiError(2001, "No such subscription", 410);
    }
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (!validSignature(c.req.header("x-hub-signature"), body, row.secret)) {
      logger.warn(
        { feedId: row.feed_id, hub: row.hub },
        "websub content with a bad signature ignored",
      );
      return c.body(null, 202);
    }
    const outcome = await ingestFeedInPool({
      body,
      url: row.topic,
      contentType: c.req.header("content-type") ?? null,
      previousHash: null,
    });
    if (!outcome.unchanged) {
      const stored = await storeFeedEntries(database, row.feed_id, outcome.ingested.entries);
      logger.info({ feedId: row.feed_id, inserted: stored.inserted }, "websub content stored");
    }
    await updateWebSub(database, row.id, { last_push_at: new Date(clock()).toISOString() });
    return c.body(null, 202);
  });
  return app;
}
