import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRow } from "../db/schema.ts";
import { httpStatusFailed, isIngestError } from "../ingest/errors.ts";
import { feedHints } from "../ingest/feed-hints.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { ingestFeedInPool } from "../ingest/pool/pool.ts";
import type { Logger } from "../logger.ts";
import { finishFeedCheck, recentPublishedAt } from "../storage/feed-leases.ts";
import { ingestSettings } from "./ingest-settings.ts";
import { cacheLifetimeMs, failureInterval, nextCheckDelay, RHYTHM_HISTORY } from "./schedule.ts";
import { storeFeedEntries } from "./store-entries.ts";

export type RefreshOutcome =
  | {
      ok: true;
      notModified: boolean;
      /** A 304, or a 200 whose body hashed as the one last ingested: nothing was parsed. */
      unchanged: boolean;
      inserted: number;
      updated: number;
      nextCheckAt: string;
    }
  | { ok: false; code: number; message: string; nextCheckAt: string };

/**
 * Fetches one feed with its validators (an unchanged feed costs a 304), stores what changed,
 * and schedules the next check; a failure is recorded on the feed and backs off.
 *
 * Unchanged feeds cost no parsing either way: a 304 keeps the stored validators when it
 * repeats none (servers often omit them), and a 200 whose bytes hash as the last ingested body
 * is skipped. Parsing, normalizing and sanitizing run in the ingestion worker pool.
 */
/** While a hub pushes a feed's entries, polling only checks on the hub this often (at most). */
const PUSHED_POLL_MS = 6 * 3_600_000;

export async function refreshFeed(
  database: DatabaseHandle,
  fetcher: Fetcher,
  feed: FeedRow,
  worker: string,
  logger: Logger,
  clock: () => number = Date.now,
): Promise<RefreshOutcome> {
  const settings = ingestSettings();
  let pollHintSeconds = (feed as { poll_hint_seconds?: number | null }).poll_hint_seconds ?? null;
  try {
    const response = await fetcher.fetch(feed.url, {
      etag: feed.etag,
      lastModified: feed.last_modified,
    });
    if (!response.notModified && (response.status < 200 || response.status >= 300)) {
      throw httpStatusFailed(response.url, response.status, response.retryAfterSeconds);
    }
    let inserted = 0;
    let updated = 0;
    let unchanged = response.notModified;
    if (response.notModified) {
      // A 304 has no body, but its Link header may still name the hub.
      const hints = feedHints(new Uint8Array(0), response.headers, response.url);
      if (hints.hub) settings.onHub?.(feed.id, hints.hub, hints.self ?? feed.url);
    } else {
      const outcome = await ingestFeedInPool({
        body: response.body,
        url: feed.url,
        contentType: response.headers["content-type"] ?? null,
        previousHash: feed.body_hash,
      });
      unchanged = outcome.unchanged;
      const hints = feedHints(response.body, response.headers, response.url);
      pollHintSeconds = hints.feedMs === null ? null : Math.round(hints.feedMs / 1000);
      if (hints.hub) settings.onHub?.(feed.id, hints.hub, hints.self ?? feed.url);
      if (!outcome.unchanged) {
        const { ingested } = outcome;
        const stored = await storeFeedEntries(database, feed.id, ingested.entries);
        inserted = stored.inserted;
        updated = stored.updated;
        // The hash is recorded only once the entries are stored: a failed store retries in full.
        await database.db
          .updateTable("feed")
          .set({
            title: ingested.feed.title ?? feed.title,
            description: ingested.feed.description,
            image: ingested.feed.image,
            site_url: ingested.feed.siteUrl,
            language: ingested.feed.language,
            body_hash: outcome.bodyHash,
            updated_at: new Date(clock()).toISOString(),
          })
          .where("id", "=", feed.id)
          .execute();
      }
    }
    await database.db
      .updateTable("feed")
      .set({ poll_hint_seconds: pollHintSeconds } as never)
      .where("id", "=", feed.id)
      .execute();
    if (inserted > 0) await settings.onPollFoundNew?.(feed.id);
    const now = clock();
    let interval = nextCheckDelay(
      (await recentPublishedAt(database, feed.id, RHYTHM_HISTORY)).map((t) => Date.parse(t)),
      now,
      {
        cacheMs: cacheLifetimeMs(response.headers, now),
        feedMs: pollHintSeconds === null ? null : pollHintSeconds * 1000,
      },
      settings.bounds,
    );
    if (await settings.pushActive?.(feed.id)) {
      interval = Math.max(interval, Math.min(PUSHED_POLL_MS, settings.bounds.maxMs));
    }
    const nextCheckAt = new Date(now + interval).toISOString();
    // A 304 that repeats no validator means "the ones you sent still hold".
    const keepStored = response.notModified && !response.etag && !response.lastModified;
    await finishFeedCheck(database, feed.id, worker, {
      ok: true,
      nextCheckAt,
      etag: keepStored ? feed.etag : response.etag,
      lastModified: keepStored ? feed.last_modified : response.lastModified,
    });
    logger.info(
      {
        feedId: feed.id,
        url: feed.url,
        notModified: response.notModified,
        unchanged,
        inserted,
        updated,
      },
      "feed refreshed",
    );
    return {
      ok: true,
      notModified: response.notModified,
      unchanged,
      inserted,
      updated,
      nextCheckAt,
    };
  } catch (error) {
    const code = isIngestError(error) ? error.code : 1005;
    const message = isIngestError(error)
      ? (error.reason ?? error.message)
      : (error as Error).message;
    // Retry-After means "come back then" only on a 429 or a 503.
    const retryAfter =
      isIngestError(error) && (error.httpStatus === 429 || error.httpStatus === 503)
        ? error.retryAfterSeconds
        : null;
    const failureCount = feed.failure_count + 1;
    const nextCheckAt = new Date(
      clock() + failureInterval(failureCount, retryAfter, settings.bounds),
    ).toISOString();
    await finishFeedCheck(database, feed.id, worker, {
      ok: false,
      nextCheckAt,
      message,
      failureCount,
    });
    if (!isIngestError(error))
      logger.error({ err: error, feedId: feed.id }, "feed refresh crashed");
    else logger.warn({ feedId: feed.id, url: feed.url, code, message }, "feed refresh failed");
    return { ok: false, code, message, nextCheckAt };
  }
}
