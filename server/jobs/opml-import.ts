import { randomUUID } from "node:crypto";
import {
  type ImportItem,
  type ImportItemStatus,
  type ImportProgress,
  OPML_TEXT_LIMIT,
} from "../../contract/api/opml.ts";
import { oneAtATime, trialQuotaError } from "../accounts/trial.ts";
import { CodedError } from "../coded-error.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import type { Logger } from "../logger.ts";
import { normalizeFeedUrl } from "../opml/feeds.ts";
import { findFeedByUrl } from "../storage/feeds.ts";
import { countSubscriptions, findSubscription, subscribe } from "../storage/subscriptions.ts";
import { recordChange } from "../sync/changes.ts";
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
  /** Each item's host, read once. */
  hosts: string[];
  /** Items a worker has picked (appended items start untaken). */
  taken: boolean[];
  running: boolean;
  finished: boolean;
  finishedAt: number | undefined;
  /** The feeds the person may hold (a trial account's quota, 1100); none when absent. */
  feedLimit: number | undefined;
}

/** Finished imports stay readable this long, so a closed dialog can still show the result. */
const KEEP_FINISHED_MS = 60 * 60 * 1000;
/**
 * Feeds one import may hold, appended requests included: the most feed outlines the largest
 * OPML file can carry (about 30 characters each). Without it an import grew without bound.
 */
export const MAX_IMPORT_ITEMS = Math.ceil(OPML_TEXT_LIMIT / 30);
/** How far ahead a worker looks for a feed of a host this import is not busy with. */
const PICK_WINDOW = 256;
/** Imports of one person kept in memory (one runs at a time; finished ones are read back). */
export const MAX_IMPORTS_PER_USER = 3;

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

  /** Room for one more import of `userId`: their oldest finished ones go first. */
  function forgetOldest(userId: string) {
    const finished = [...jobs.values()]
      .filter((job) => job.userId === userId && job.finished)
      .sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0));
    for (const job of finished.slice(0, Math.max(0, finished.length - MAX_IMPORTS_PER_USER + 1))) {
      jobs.delete(job.id);
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
    // Before fetching a feed that could not be kept; checked again right before subscribing.
    const full = await quotaRefusal(job, item.url);
    if (full) return full;
    const feed = known ?? (await subscriber.resolve({ url }, job.userId));
    const title = item.title?.trim() || null;
    // The quota check and the subscription it allows, one at a time for the person (direct
    // subscriptions of a trial account queue there too): parallel workers would otherwise all
    // count the same subscriptions and pass a quota together (a 10-feed trial account held 40).
    return oneAtATime(job.userId, async (): Promise<ImportItemStatus> => {
      if (await findSubscription(database, job.userId, feed.id)) {
        return { url: item.url, status: "skipped", feedId: feed.id };
      }
      const refused = await quotaRefusal(job, item.url);
      if (refused) return refused;
      await subscribe(database, {
        userId: job.userId,
        feedId: feed.id,
        view: item.view,
        category: item.category?.trim() || null,
        // A title that is only the feed's own stays unset, so the feed's renames still show.
        title: title && title !== feed.title ? title : null,
      });
      // Made after the request that started the import answered: the person's other devices
      // hear of it here (the live change stream), not from the request.
      await recordChange(database, [job.userId], "state");
      return { url: item.url, status: "done", feedId: feed.id };
    });
  }

  /** The answer for a feed past the person's subscription limit or trial quota, if it is. */
  async function quotaRefusal(job: Job, url: string): Promise<ImportItemStatus | undefined> {
    if (options.maxSubscriptionsPerUser === undefined && job.feedLimit === undefined) return;
    const held = await countSubscriptions(database, job.userId);
    if (options.maxSubscriptionsPerUser !== undefined && held >= options.maxSubscriptionsPerUser) {
      return { url, status: "failed", code: 2011, reason: "Subscription limit reached" };
    }
    if (job.feedLimit !== undefined && held >= job.feedLimit) {
      return failure(url, trialQuotaError("feeds", job.feedLimit));
    }
    return undefined;
  }

  /** Works through the job's untaken items; items appended meanwhile are picked up too. */
  async function run(job: Job): Promise<void> {
    const inFlight = new Map<string, number>();
    let cursor = 0;
    // The next feed whose host is not busy in this import, among the next PICK_WINDOW; else
    // the next feed at all. (Scanning every feed for each pick made 30,000 feeds of one host
    // take minutes of the event loop.)
    const pick = (): number | undefined => {
      while (cursor < job.taken.length && job.taken[cursor]) cursor++;
      if (cursor >= job.taken.length) return undefined;
      const end = Math.min(job.taken.length, cursor + PICK_WINDOW);
      for (let i = cursor; i < end; i++) {
        if (!job.taken[i] && (inFlight.get(job.hosts[i] ?? "") ?? 0) < options.perHost) return i;
      }
      return cursor;
    };
    const worker = async () => {
      for (;;) {
        const index = pick();
        if (index === undefined) return;
        job.taken[index] = true;
        const host = job.hosts[index] ?? "";
        inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
        try {
          job.statuses[index] = await importOne(job, index);
        } catch (error) {
          job.statuses[index] = failure(job.items[index]?.url ?? "", error);
          if (!(error instanceof CodedError)) {
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

  function launch(job: Job) {
    job.running = true;
    job.finished = false;
    job.finishedAt = undefined;
    void run(job).finally(() => {
      job.running = false;
      // Items appended as the last workers were leaving: go on with them.
      if (job.taken.some((taken) => !taken)) return launch(job);
      job.finished = true;
      job.finishedAt = Date.now();
    });
  }

  async function checkQuota(userId: string, items: readonly ImportItem[]) {
    if (options.maxSubscriptionsPerUser === undefined) return;
    const held = await countSubscriptions(database, userId);
    const remaining = Math.max(0, options.maxSubscriptionsPerUser - held);
    if (items.length <= remaining) return;
    // Already-followed feeds do not count: the precise check runs per feed.
    const fresh = await countUnsubscribed(userId, items);
    if (fresh > remaining) {
      throw new ApiError(2011, `${fresh} new feeds, ${remaining} subscriptions left`);
    }
  }

  return {
    /**
     * Starts an import, or adds items to `importId` (a big file comes in several requests).
     * Refused while another import of this person runs, past MAX_IMPORT_ITEMS feeds (14001),
     * or over the quota. `feedLimit`: a trial account's feed quota, where the import stops
     * (the remaining feeds fail with 1100).
     */
    async start(
      userId: string,
      items: readonly ImportItem[],
      view: number,
      importId?: string,
      limits: { feedLimit?: number | undefined } = {},
    ): Promise<ImportProgress> {
      forget(Date.now());
      const existing = importId ? jobs.get(importId) : undefined;
      if (importId && (!existing || existing.userId !== userId)) {
        throw new ApiError(1002, "No such import", 404);
      }
      const refuseRunning = () => {
        for (const job of jobs.values()) {
          if (job.userId === userId && !job.finished && job !== existing) {
            throw new ApiError(1, "An import is still running");
          }
        }
      };
      refuseRunning();
      if ((existing?.items.length ?? 0) + items.length > MAX_IMPORT_ITEMS) {
        throw new ApiError(14001, `An import holds at most ${MAX_IMPORT_ITEMS} feeds`);
      }
      await checkQuota(userId, items);
      // Again after the wait, with no wait until the job is registered: two requests at once
      // must not both start one.
      refuseRunning();
      if (!existing) forgetOldest(userId);
      const job: Job = existing ?? {
        id: randomUUID(),
        userId,
        items: [],
        hosts: [],
        statuses: [],
        taken: [],
        running: false,
        finished: false,
        finishedAt: undefined,
        feedLimit: undefined,
      };
      job.feedLimit = limits.feedLimit;
      for (const item of items) {
        job.items.push({ ...item, view: item.view ?? view });
        job.hosts.push(hostOf(item.url));
        job.statuses.push({ url: item.url, status: "pending" });
        job.taken.push(false);
      }
      jobs.set(job.id, job);
      if (!job.running) launch(job);
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
  if (error instanceof CodedError) {
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
