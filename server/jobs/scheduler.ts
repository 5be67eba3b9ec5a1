import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRow } from "../db/schema.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import type { Logger } from "../logger.ts";
import { countRefresh } from "../metrics/hooks.ts";
import { claimDueFeeds, renewFeedLease } from "../storage/feed-leases.ts";
import { holdTightHeapGrowth } from "./heap-growth.ts";
import { refreshFeed } from "./refresh-feed.ts";
import { settleHeap } from "./settle-heap.ts";
import { trimMalloc } from "./trim-malloc.ts";

export interface SchedulerOptions {
  pollIntervalMs: number;
  batchSize: number;
  leaseMs: number;
  concurrency: number;
  /** Told of each successful refresh; must return at once (work off the refresh's path). */
  onRefreshed?: (feed: FeedRow) => void;
}

/**
 * The ingestion worker loop: every poll, claim due feeds by lease and refresh them a few at a
 * time. Several workers (processes) can share one PostgreSQL database safely.
 */
export function startScheduler(
  database: DatabaseHandle,
  fetcher: Fetcher,
  logger: Logger,
  options: SchedulerOptions,
) {
  const worker = `worker-${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function tick() {
    const feeds = await claimDueFeeds(database, worker, options.batchSize, options.leaseMs);
    if (feeds.length === 0) return;
    const releaseHeapGrowth = holdTightHeapGrowth();
    try {
      await refreshRound(feeds);
    } finally {
      releaseHeapGrowth();
    }
  }

  async function refreshRound(feeds: FeedRow[]) {
    const queue = interleaveByHost(feeds);
    const lanes = Array.from({ length: Math.min(options.concurrency, queue.length) }, async () => {
      for (let feed = queue.shift(); feed && !stopped; feed = queue.shift()) {
        // The lease was taken with the whole batch; a fetch starts only on a lease still ours.
        if (!(await renewFeedLease(database, feed.id, worker, options.leaseMs))) {
          logger.warn({ worker, feedId: feed.id }, "feed lease lost before its fetch; skipped");
          continue;
        }
        const outcome = countRefresh(
          feed,
          await refreshFeed(database, fetcher, feed, worker, logger),
        );
        if (outcome.ok) options.onRefreshed?.(feed);
      }
    });
    await Promise.all(lanes);
    // The round's bodies and parsed documents are garbage now, and SQLite's caches of the pages
    // and statements it wrote are of little use: hand their memory back, V8's and then the C
    // allocator's.
    if (!stopped) {
      database.releaseCaches?.();
      settleHeap();
      trimMalloc();
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error) => logger.error({ err: error, worker }, "scheduler tick failed"))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, options.pollIntervalMs);
    timer.unref();
  }

  schedule();
  logger.info({ worker, ...options }, "ingestion scheduler started");
  return {
    worker,
    /** Runs one claim-and-refresh round now (tests, admin refresh). */
    runOnce: () => tick(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type Scheduler = ReturnType<typeof startScheduler>;

/**
 * The batch in turns of one feed per host (each host's feeds in their due order): a host at its
 * fetch limit then holds up one lane for a moment, not every lane for its whole backlog.
 */
export function interleaveByHost(feeds: readonly FeedRow[]): FeedRow[] {
  const byHost = new Map<string, FeedRow[]>();
  for (const feed of feeds) {
    let host = "";
    try {
      host = new URL(feed.url).host;
    } catch {
      // Not a URL the fetcher takes: it fails on its own, in any turn.
    }
    const list = byHost.get(host) ?? [];
    list.push(feed);
    byHost.set(host, list);
  }
  const turns: FeedRow[] = [];
  const lists = [...byHost.values()];
  for (let round = 0; turns.length < feeds.length; round++) {
    for (const list of lists) if (round < list.length) turns.push(list[round]!);
  }
  return turns;
}
