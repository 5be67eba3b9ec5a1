import { createHash } from "node:crypto";
import { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import { MAX_PUBLISHED_FEEDS } from "../../contract/api/published-feeds.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { requireUser, type SessionVariables } from "../http/require-user.ts";
import { route } from "../http/route.ts";
import { listSavedSearches } from "../storage/saved-searches.ts";
import { listSubscriptions } from "../storage/subscriptions.ts";
import { renderAtom, renderRss } from "./render.ts";
import {
  countPublishedFeeds,
  findBySecret,
  listPublishedFeeds,
  type PublishedFeedRecord,
  publish,
  revoke,
  rotate,
} from "./store.ts";
import { publishedTimeline } from "./timeline.ts";

/** Where a published feed is served, outside the API (readers fetch it without a session). */
export const PUBLISHED_PATH = "/feeds/published";

const withPaths = (feed: PublishedFeedRecord, secret: string) => {
  const { userId: _owner, ...shown } = feed;
  return {
    ...shown,
    rssPath: `${PUBLISHED_PATH}/${secret}.xml`,
    atomPath: `${PUBLISHED_PATH}/${secret}.atom`,
  };
};
const shown = ({ userId: _owner, ...feed }: PublishedFeedRecord) => feed;

/**
 * Making, listing, rotating and revoking published feeds: a browser session only (plain
 * requireUser, never a Bearer token), each only the person's own.
 */
export function publishedFeedRoutes(auth: Auth, database: DatabaseHandle) {
  const app = new Hono<{ Variables: SessionVariables }>();
  app.use("*", requireUser(auth, database));
  const { list, create, rotate: rotateEndpoint, revoke: revokeEndpoint } = endpoints.publishedFeeds;

  route(app, list, async (_input, c) => ({
    code: 0 as const,
    data: (await listPublishedFeeds(database, c.get("userId"))).map(shown),
  }));

  route(app, create, async ({ request }, c) => {
    const userId = c.get("userId");
    const target = request.kind === "starred" ? "" : (request.target ?? "");
    if (request.kind !== "starred" && !target) throw new ApiError(1002, "target is required");
    if (!(await ownsTarget(database, userId, request.kind, target))) {
      throw new ApiError(1004, "Not one of your timelines");
    }
    const existing = await listPublishedFeeds(database, userId);
    const again = existing.some((f) => f.kind === request.kind && f.target === target);
    if (!again && existing.length >= MAX_PUBLISHED_FEEDS) {
      throw new ApiError(1004, `At most ${MAX_PUBLISHED_FEEDS} published feeds`);
    }
    const made = await publish(database, userId, {
      kind: request.kind,
      target,
      includePrivate: request.includePrivate ?? false,
    });
    return { code: 0 as const, data: withPaths(made.feed, made.secret) };
  });

  route(app, rotateEndpoint, async ({ request }, c) => {
    const made = await rotate(database, c.get("userId"), request.id);
    if (!made) throw new ApiError(13003, "No such published feed", 404);
    return { code: 0 as const, data: withPaths(made.feed, made.secret) };
  });

  route(app, revokeEndpoint, async ({ request }, c) => {
    await revoke(database, c.get("userId"), request.id);
    return { code: 0 as const };
  });
  return app;
}

/** A category of the person's subscriptions, a list they own, a saved search of theirs, stars. */
async function ownsTarget(
  database: DatabaseHandle,
  userId: string,
  kind: PublishedFeedRecord["kind"],
  target: string,
): Promise<boolean> {
  switch (kind) {
    case "starred":
      return true;
    case "category":
      return (await listSubscriptions(database, userId)).some(
        (s) => s.subscription.category === target,
      );
    case "list":
      return Boolean(
        await database.db
          .selectFrom("list")
          .select("id")
          .where("id", "=", target)
          .where("owner_user_id", "=", userId)
          .executeTakeFirst(),
      );
    case "saved_search":
      return (await listSavedSearches(database, userId)).some((s) => s.id === target);
  }
}

/**
 * `GET /feeds/published/<secret>.xml|.atom`: the latest entries, with an ETag over the answer
 * (a reader polling an unchanged feed gets a 304). An unknown, rotated or revoked secret, or a
 * timeline that no longer exists, is a plain 404: nothing tells them apart.
 */
export function publishedFeedServing(database: DatabaseHandle, publicUrl: string | undefined) {
  const app = new Hono();
  app.get("/:file{[A-Za-z0-9_-]+\\.(xml|atom)}", async (c) => {
    const file = c.req.param("file");
    const atom = file.endsWith(".atom");
    const secret = file.replace(/\.(xml|atom)$/, "");
    const notFound = () => c.text("Not found\n", 404, { "cache-control": "no-store" });
    const feed = await findBySecret(database, secret);
    if (!feed) return notFound();
    const timeline = await publishedTimeline(database, feed);
    if (!timeline) return notFound();
    const origin = publicUrl?.replace(/\/$/, "") ?? new URL(c.req.url).origin;
    const head = {
      title: timeline.title,
      selfUrl: `${origin}${PUBLISHED_PATH}/${file}`,
      siteUrl: `${origin}/`,
      updated: timeline.items[0]?.entries.publishedAt ?? feed.rotatedAt,
    };
    const body = atom ? renderAtom(head, timeline.items) : renderRss(head, timeline.items);
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    const headers = {
      etag,
      "cache-control": "private, max-age=60",
      "x-robots-tag": "noindex",
      "referrer-policy": "no-referrer",
    };
    const sent = c.req.header("if-none-match");
    if (sent?.split(",").some((tag) => tag.trim() === etag)) {
      return c.body(null, 304, headers);
    }
    return c.body(body, 200, {
      ...headers,
      "content-type": atom
        ? "application/atom+xml; charset=utf-8"
        : "application/rss+xml; charset=utf-8",
    });
  });
  return app;
}
