import { randomUUID } from "node:crypto";
import type { ImportItem, ImportItemStatus, ImportProgress } from "../../contract/api/opml.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import type { Logger } from "../logger.ts";
import { normalizeFeedUrl } from "../opml/feeds.ts";
import { findFeedByUrl } from "../storage/feeds.ts";
import { countSubscriptions, findSubscription, subscribe } from "../storage/subscriptions.ts";
import type { SubscribeService } from "./subscribe.ts";

export interface OpmlImportOptions {
  concurrency: number;
  /** Feeds of one host subscribed at once within an import (the fetcher also limits per host). */
  perHost: number;
  maxSubscriptionsPerUser: number | undefined;
}

interface Job {
  id: string;
  userId: string;
  items: Array<Omit<ImportItem, "view"> & { view: number }>;
  statuses: ImportItemStatus[];
  finished: boolean;
  finishedAt: number | undefined;
}

/** Finished imports stay readable this long, so a closed dialog can still show the result. */
const KEEP_FINISHED_MS = 60 * 60 * 1000;

/**
 * OPML imports run here, in the background of the API process: the request that starts one
 * answers at once, and the person (or a reopened dialog) reads its progress. Each feed is
 * subscribed like a quick add (discovered, fetched, stored) and ends done, skipped (already
 * followed) or failed with the coded reason of its failure. A person runs one import at a time.
 */
export function createOpmlImporter(
  database: DatabaseHandle,
  subscriber: SubscribeService,
  logger: Logger,
  options: OpmlImportOptions,
) {
  const jobs = new Map<string, Job>();

  function forget(now: number) {
    for (const [id, job] of jobs) {
      if (job.finishedAt !== undefined && now - job.finishedAt > KEEP_FINISHED_MS) jobs.delete(id);
    }
  }

  function progress(job: Job): ImportProgress {
    let done = 0;
    let failed = 0;
    let skipped = 0;
    for (const s of job.statuses) {
      if (s.status === "done") done++;
      else if (s.status === "failed") failed++;
      else if (s.status === "skipped") skipped++;
    }
    return {
      id: job.id,
      total: job.items.length,
      done,
      failed,
      skipped,
      finished: job.finished,
      items: job.statuses,
    };
  }

  async function importOne(job: Job, index: number): Promise<ImportItemStatus> {
    const item = job.items[index] as Job["items"][number];
    const url = normalizeFeedUrl(item.url);
    if (!url) return { url: item.url, status: "failed", code: 1002, reason: "Not a feed URL" };
    const known =
      (await findFeedByUrl(database, url)) ?? (await findFeedByUrl(database, item.url.trim()));
    if (known && (await findSubscription(database, job.userId, known.id))) {
      return { url: item.url, status: "skipped", feedId: known.id };
    }
    if (options.maxSubscriptionsPerUser !== undefined) {
      const held = await countSubscriptions(database, job.userId);
      if (held >= options.maxSubscriptionsPerUser) {
        return {
          url: item.url,
          status: "failed",
          code: 2011,
          reason: "Subscription limit reached",
        };
      }
    }
    const feed = known ?? (await subscriber.resolve({ url }));
    if (!known && (await findSubscription(database, job.userId, feed.id))) {
      return { url: item.url, status: "skipped", feedId: feed.id };
    }
    const title = item.title?.trim() || null;
    await subscribe(database, {
      userId: job.userId,
      feedId: feed.id,
      view: item.view,
      category: item.category?.trim() || null,
      // A title that is only the feed's own stays unset, so the feed's renames still show.
      title: title && title !== feed.title ? title : null,
    });
    return { url: item.url, status: "done", feedId: feed.id };
  }

  async function run(job: Job): Promise<void> {
    const hosts = job.items.map((item) => hostOf(item.url));
    const inFlight = new Map<string, number>();
    const taken = new Array<boolean>(job.items.length).fill(false);
    let cursor = 0;
    // The next feed whose host is not busy in this import; else the next feed at all.
    const pick = (): number | undefined => {
      while (cursor < taken.length && taken[cursor]) cursor++;
      if (cursor >= taken.length) return undefined;
      for (let i = cursor; i < taken.length; i++) {
        if (!taken[i] && (inFlight.get(hosts[i] as string) ?? 0) < options.perHost) return i;
      }
      return cursor;
    };
    const worker = async () => {
      for (;;) {
        const index = pick();
        if (index === undefined) return;
        taken[index] = true;
        const host = hosts[index] as string;
        inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
        try {
          job.statuses[index] = await importOne(job, index);
        } catch (error) {
          job.statuses[index] = failure(job.items[index]?.url ?? "", error);
          if (!(error instanceof ApiError)) {
            logger.error({ err: error, importId: job.id }, "opml import: unexpected failure");
          }
        } finally {
          inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
        }
      }
    };
    const workers = Math.min(options.concurrency, job.items.length);
    await Promise.all(Array.from({ length: workers }, worker));
  }

  return {
    /** Starts an import; refused while this person's previous one runs, or over the quota. */
    async start(
      userId: string,
      items: readonly ImportItem[],
      view: number,
    ): Promise<ImportProgress> {
      forget(Date.now());
      for (const job of jobs.values()) {
        if (job.userId === userId && !job.finished) {
          throw new ApiError(1, "An import is still running");
        }
      }
      if (options.maxSubscriptionsPerUser !== undefined) {
        const held = await countSubscriptions(database, userId);
        const remaining = Math.max(0, options.maxSubscriptionsPerUser - held);
        if (items.length > remaining) {
          // Already-followed feeds do not count: the precise check runs per feed.
          const fresh = await countUnsubscribed(userId, items);
          if (fresh > remaining) {
            throw new ApiError(2011, `${fresh} new feeds, ${remaining} subscriptions left`);
          }
        }
      }
      const job: Job = {
        id: randomUUID(),
        userId,
        items: items.map((item) => ({ ...item, view: item.view ?? view })),
        statuses: items.map((item) => ({ url: item.url, status: "pending" })),
        finished: false,
        finishedAt: undefined,
      };
      jobs.set(job.id, job);
      void run(job).finally(() => {
        job.finished = true;
        job.finishedAt = Date.now();
      });
      return progress(job);
    },

    /** An import's progress, for the person who started it only. */
    status(userId: string, id: string): ImportProgress {
      const job = jobs.get(id);
      if (!job || job.userId !== userId) throw new ApiError(1002, "No such import", 404);
      return progress(job);
    },
  };

  async function countUnsubscribed(userId: string, items: readonly ImportItem[]) {
    let fresh = 0;
    for (const item of items) {
      const url = normalizeFeedUrl(item.url);
      const feed = url
        ? ((await findFeedByUrl(database, url)) ?? (await findFeedByUrl(database, item.url.trim())))
        : undefined;
      if (!feed || !(await findSubscription(database, userId, feed.id))) fresh++;
    }
    return fresh;
  }
}

function failure(url: string, error: unknown): ImportItemStatus {
  if (error instanceof ApiError) {
    return { url, status: "failed", code: error.code, reason: error.reason ?? error.message };
  }
  return { url, status: "failed", code: 1005, reason: "Internal error" };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return "";
  }
}

export type OpmlImporter = ReturnType<typeof createOpmlImporter>;
