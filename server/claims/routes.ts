import { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { IdScanLimiter } from "../http/id-scan-limiter.ts";
import { idempotentWrites } from "../http/idempotency.ts";
import type { SessionVariables } from "../http/require-user.ts";
import { route } from "../http/route.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { isInboxUrl, readableFeedById, readableFeedIds } from "../storage/feed-access.ts";
import { findPublicProfiles } from "../storage/users.ts";
import { recordWrites } from "../sync/record-writes.ts";
import { requireUserOrToken } from "../tokens/bearer.ts";
import { claimedFeedAnalytics } from "./analytics.ts";
import { placementsOf } from "./challenge-code.ts";
import { releaseTipsHeldForFeed } from "./held-tips.ts";
import {
  type ClaimRecord,
  challengeCodeFor,
  claimsOfFeeds,
  claimsOfUser,
  findChallengeCode,
  findClaim,
  recordClaim,
} from "./store.ts";

const ID = /^\d{13,19}$/;

/**
 * Feed claims, mounted beside the feed routes: asking for a code, proving it is in the feed
 * (fetched only through the guarded fetcher), who owns which feed, and a claimed feed's
 * analytics for its owner alone.
 */
export function claimRoutes(auth: Auth, database: DatabaseHandle, fetcher: Fetcher) {
  // Mounted at /feeds beside the feed routes: its layers cover /claim/* only, so the feed
  // routes' own requests never pass through them twice.
  const app = new Hono<{ Variables: SessionVariables }>();
  app.use("/claim/*", requireUserOrToken(auth, database));
  app.use("/claim/*", idempotentWrites(database));
  app.use("/claim/*", recordWrites(database));
  const { challenge, verify, owners, mine, analytics } = endpoints.claims;
  // Each verification fetches the feed and its site: 10 at once per person, then one every 6 s.
  const verifications = new IdScanLimiter({ capacity: 10, refillMs: 6_000 });

  /** A feed the person may read, fetched from the web (an inbox proves nothing). */
  const claimableFeed = async (userId: string, feedId: string) => {
    const feed = await readableFeedById(database, userId, feedId);
    if (isInboxUrl(feed.url)) throw new ApiError(2010, "An inbox is not a feed from the web");
    return feed;
  };

  const withOwners = async (claims: ClaimRecord[]) => {
    const profiles = await findPublicProfiles(
      database,
      claims.map((claim) => claim.ownerUserId),
    );
    return claims.map((claim) => ({ ...claim, owner: profiles[claim.ownerUserId] ?? null }));
  };

  route(app, challenge, async ({ request: { feedId } }, c) => {
    const userId = c.get("userId");
    await claimableFeed(userId, feedId);
    if (await findClaim(database, feedId)) throw new ApiError(4000);
    const code = await challengeCodeFor(database, userId, feedId);
    return {
      code: 0 as const,
      data: { feedId, code, placements: placementsOf(feedId, userId, code) },
    };
  });

  route(app, verify, async ({ request: { feedId } }, c) => {
    const userId = c.get("userId");
    const feed = await claimableFeed(userId, feedId);
    if (await findClaim(database, feedId)) throw new ApiError(4000);
    const code = await findChallengeCode(database, userId, feedId);
    if (!code) throw new ApiError(2010, "Ask for a challenge code first");
    if (!verifications.take(userId)) {
      c.header("retry-after", String(Math.max(1, Math.ceil(verifications.waitMs(userId) / 1000))));
      throw new ApiError(12000, "Too many verifications at once; try again in a few seconds");
    }
    // Its charset decoder (iconv-lite's tables, ~0.5 MB of source) loads at the first claim check.
    const { findChallenge } = await import("./verify.ts");
    const method = await findChallenge(fetcher, feed, { userId, code });
    if (!method) {
      throw new ApiError(2010, "The code is neither in the feed nor in its site's meta tags");
    }
    const claim = await recordClaim(database, { feedId, userId, method });
    await releaseTipsHeldForFeed(database, feedId, userId);
    const [shown] = await withOwners([claim]);
    return { code: 0 as const, data: shown! };
  });

  // Public like the badge, but only for feeds the person could read by id.
  route(app, owners, async ({ request: { ids } }, c) => {
    const wanted = [...new Set(ids.split(",").map((id) => id.trim()))].filter((id) => ID.test(id));
    if (wanted.length > 200) throw new ApiError(1002, "At most 200 feed ids");
    const readable = await readableFeedIds(database.db, c.get("userId"), wanted);
    const claims = await claimsOfFeeds(database, [...readable]);
    return { code: 0 as const, data: await withOwners(claims) };
  });

  route(app, mine, async (_input, c) => ({
    code: 0 as const,
    data: await withOwners(await claimsOfUser(database, c.get("userId"))),
  }));

  route(app, analytics, async ({ request: { id } }, c) => {
    const claim = await findClaim(database, id);
    if (!claim || claim.ownerUserId !== c.get("userId")) {
      throw new ApiError(1004, "Only the feed's owner sees its analytics");
    }
    return { code: 0 as const, data: await claimedFeedAnalytics(database, id) };
  });

  return app;
}
