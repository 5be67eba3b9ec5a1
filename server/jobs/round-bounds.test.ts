import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unfetchedFeedRow } from "../../tests/support/feed-rows.ts";
import {
  migratedSqliteFile,
  type TemporaryDatabase,
} from "../../tests/support/migrated-database.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Fetcher, FetchResult } from "../ingest/guarded-fetch.ts";
import { closeIngestPool } from "../ingest/pool/pool.ts";
import type { Logger } from "../logger.ts";
import { startScheduler } from "./scheduler.ts";

const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  child: () => quiet,
} as unknown as Logger;

const rss = (n: number) =>
  Buffer.from(
    `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed ${n}</title>` +
      `<link>https://site${n}.example/</link><item><guid>https://site${n}.example/1</guid>` +
      `<title>Post</title><description>&lt;p&gt;Words.&lt;/p&gt;</description></item></channel></rss>`,
  );

/**
 * A refresh round holds one body (fetched, then parsed and stored) per lane, whatever the size
 * of the batch it claimed: memory follows the lanes, not the number of feeds.
 */
describe("refresh round bounds", () => {
  let temporary: TemporaryDatabase;
  let database: DatabaseHandle;

  beforeAll(async () => {
    temporary = await migratedSqliteFile("follow-round-bounds-");
    database = temporary.database;
  });
  afterAll(async () => {
    await closeIngestPool();
    await temporary?.dispose();
  });

  it.each([
    { feeds: 12, batchSize: 12, concurrency: 3 },
    { feeds: 60, batchSize: 60, concurrency: 3 },
  ])(
    "$feeds feeds in one batch over $concurrency lanes: at most $concurrency bodies held",
    async ({ feeds, batchSize, concurrency }) => {
      const now = new Date(Date.now() - 60_000).toISOString();
      const prefix = `b${batchSize}-`;
      await database.db
        .insertInto("feed")
        .values(
          Array.from({ length: feeds }, (_, i) =>
            unfetchedFeedRow(`${prefix}${i}`, `https://site${i}.example/${prefix}feed.xml`, now),
          ),
        )
        .execute();
      await database.db
        .insertInto("subscription")
        .values(
          Array.from({ length: feeds }, (_, i) => ({
            user_id: "reader",
            feed_id: `${prefix}${i}`,
            view: 0,
            is_private: 0,
            created_at: now,
          })),
        )
        .execute();
      let held = 0;
      let mostHeld = 0;
      let fetched = 0;
      const fetcher: Fetcher = {
        async fetch(url): Promise<FetchResult> {
          held += 1;
          fetched += 1;
          mostHeld = Math.max(mostHeld, held);
          // The body is the lane's until its refresh ends: counted down once the lane moves on.
          await new Promise((resolve) => setImmediate(resolve));
          const n = Number(/site(\d+)/.exec(url)?.[1]);
          return {
            status: 200,
            url,
            headers: { "content-type": "application/rss+xml" },
            body: rss(n),
            notModified: false,
            etag: null,
            lastModified: null,
            retryAfterSeconds: null,
          };
        },
        send: () => Promise.reject(new Error("not used")),
        close: async () => undefined,
      };
      const scheduler = startScheduler(database, fetcher, quiet, {
        pollIntervalMs: 3_600_000,
        batchSize,
        concurrency,
        leaseMs: 60_000,
        onRefreshed: () => {
          held -= 1;
        },
      });
      try {
        await scheduler.runOnce();
      } finally {
        await scheduler.stop();
      }
      expect(fetched).toBe(feeds);
      expect(mostHeld).toBeGreaterThan(1);
      expect(mostHeld).toBeLessThanOrEqual(concurrency);
    },
  );
});
