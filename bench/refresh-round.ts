import http from "node:http";
import type { DatabaseHandle } from "../server/db/connect.ts";
import type { FeedRow } from "../server/db/schema.ts";
import { createFetcher } from "../server/ingest/guarded-fetch.ts";
import { ingestBody } from "../server/ingest/pipeline.ts";
import { startScheduler } from "../server/jobs/scheduler.ts";
import { createLogger } from "../server/logger.ts";
import { nextEntityId } from "../server/storage/ids.ts";
import { unfetchedFeedRow } from "../tests/support/feed-rows.ts";
import { type BenchDialect, openBenchDatabase } from "./support/database.ts";
import { FeedSite } from "./support/feed-site.ts";
import { ratio, round, type Table } from "./support/table.ts";

export interface RefreshFigures {
  database: string;
  feeds: number;
  lanes: number;
  batchSize: number;
  /** Raw GETs of every feed URL, same concurrency, bodies read, nothing else. */
  httpOnlyMs: number;
  /** ingestBody of every round-1 document, one after the other, no HTTP and no database. */
  ingestOnlyMs: number;
  rounds: Array<{
    ms: number;
    ticks: number;
    ok: number;
    notModified: number;
    failed: number;
    entries: number;
  }>;
}

const ITEMS_PER_FEED = 10;
const USER_ID = "bench-user";

async function seedFeeds(database: DatabaseHandle, urls: string[]) {
  const past = new Date(Date.now() - 60_000).toISOString();
  const feeds: FeedRow[] = urls.map((url) => unfetchedFeedRow(nextEntityId(), url, past));
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < feeds.length; i += 100) {
      const chunk = feeds.slice(i, i + 100);
      await trx.insertInto("feed").values(chunk).execute();
      await trx
        .insertInto("subscription")
        .values(
          chunk.map((f) => ({
            user_id: USER_ID,
            feed_id: f.id,
            view: 0,
            is_private: 0,
            title: null,
            category: null,
            created_at: past,
          })),
        )
        .execute();
    }
  });
}

/** Raw GETs of every URL with `lanes` in flight: the HTTP ceiling of this machine. */
async function httpOnly(urls: string[], lanes: number): Promise<number> {
  // Node's client, as the fetcher's (server/ingest/http-client.ts), without its guard.
  const agent = new http.Agent({ keepAlive: true, timeout: 4_000 });
  const queue = [...urls];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        await new Promise<void>((resolve, reject) =>
          http
            .get(url, { agent }, (response) => response.resume().on("end", resolve))
            .on("error", reject),
        );
      }
    }),
  );
  const ms = performance.now() - started;
  agent.destroy();
  return ms;
}

/**
 * One full refresh round of `feeds` feeds (on one local host) through the real scheduler:
 * claimDueFeeds by lease, then refreshFeed in `lanes` concurrent lanes (fetch with validators,
 * ingestBody, storeEntries, finishFeedCheck). Round 1: every feed new (200). Round 2, after
 * every feed is made due again: half answer 304, half serve one new entry.
 *
 * The fetcher allows private networks (the feeds are on 127.0.0.1) and its per-host limit is
 * raised to `lanes`: with the default of 2, all feeds being on one host would cap the round at
 * two requests in flight.
 */
export async function benchRefresh(
  dialect: BenchDialect,
  options: { feeds?: number; lanes?: number; batchSize?: number } = {},
): Promise<RefreshFigures> {
  const feeds = options.feeds ?? Number(process.env.BENCH_FEEDS ?? 2000);
  const lanes = options.lanes ?? 16;
  const batchSize = options.batchSize ?? 1000; // INGEST_BATCH_SIZE's maximum
  const site = new FeedSite(feeds, (i) => i % 2 === 1, ITEMS_PER_FEED);
  await site.start();
  const bench = await openBenchDatabase(dialect);
  const fetcher = createFetcher({ allowPrivateNetworks: true, perHostConcurrency: lanes });
  const logger = createLogger({ logLevel: "warn" });
  const scheduler = startScheduler(bench.handle, fetcher, logger, {
    pollIntervalMs: 3_600_000, // never fires by itself: rounds are run with runOnce()
    batchSize,
    leaseMs: 5 * 60_000,
    concurrency: lanes,
  });
  try {
    const database = bench.handle;
    const urls = Array.from({ length: feeds }, (_, i) => site.url(i));
    await seedFeeds(database, urls);

    const httpOnlyMs = await httpOnly(urls, lanes);
    site.served.ok = 0;
    let started = performance.now();
    for (let i = 0; i < feeds; i++) ingestBody(site.document(i), { url: urls[i] });
    const ingestOnlyMs = performance.now() - started;

    const rounds: RefreshFigures["rounds"] = [];
    for (const roundNumber of [1, 2]) {
      site.round = roundNumber;
      site.served.ok = 0;
      site.served.notModified = 0;
      if (roundNumber > 1) {
        // Time passes: every feed is due again.
        await database.db
          .updateTable("feed")
          .set({ next_check_at: new Date(Date.now() - 1000).toISOString() })
          .execute();
      }
      const roundStart = new Date(Date.now() - 1).toISOString();
      started = performance.now();
      let ticks = 0;
      const maxTicks = Math.ceil(feeds / batchSize) + 2;
      for (; ticks < maxTicks; ) {
        await scheduler.runOnce();
        ticks++;
        const left = await database.db
          .selectFrom("feed")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where((eb) => eb.or([eb("checked_at", "is", null), eb("checked_at", "<", roundStart)]))
          .executeTakeFirstOrThrow();
        if (Number(left.n) === 0) break;
      }
      const ms = performance.now() - started;
      const failed = await database.db
        .selectFrom("feed")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("error_message", "is not", null)
        .executeTakeFirstOrThrow();
      const entries = await database.db
        .selectFrom("entry")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      rounds.push({
        ms,
        ticks,
        ok: site.served.ok,
        notModified: site.served.notModified,
        failed: Number(failed.n),
        entries: Number(entries.n),
      });
    }
    return { database: bench.label, feeds, lanes, batchSize, httpOnlyMs, ingestOnlyMs, rounds };
  } finally {
    await scheduler.stop();
    await fetcher.close();
    await bench.drop();
    await site.stop();
  }
}

export function refreshTable(figures: RefreshFigures[]): Table {
  const first = figures[0];
  const rows: Table["rows"] = [];
  for (const f of figures) {
    for (const [i, r] of f.rounds.entries()) {
      const perSecond = f.feeds / (r.ms / 1000);
      rows.push([
        `${f.database}, round ${i + 1}`,
        `${r.ok} / ${r.notModified}${r.failed ? ` / ${r.failed} failed` : ""}`,
        r.entries,
        `${(r.ms / 1000).toFixed(1)} s`,
        round(perSecond, 0),
        ratio(perSecond, f.feeds / (f.httpOnlyMs / 1000)),
        ratio(perSecond, f.feeds / (f.ingestOnlyMs / 1000)),
        r.ms < 60_000 ? "met" : "missed",
      ]);
    }
  }
  return {
    title: `Refresh round: ${first?.feeds} feeds on one local HTTP server, ${first?.lanes} lanes, claim batch ${first?.batchSize}`,
    headers: [
      "database / round",
      "200 / 304",
      "entries in db",
      "round time",
      "fetches/s",
      "× raw HTTP",
      "× ingest-only",
      "aim < 60 s",
    ],
    rows,
    notes: [
      ...figures.map(
        (f) =>
          `${f.database}: baselines raw HTTP GET of all ${f.feeds} URLs (${f.lanes} in flight) ${(f.httpOnlyMs / 1000).toFixed(1)} s; ` +
          `ingestBody of all round-1 documents, no HTTP/db, ${(f.ingestOnlyMs / 1000).toFixed(1)} s.`,
      ),
      `Scheduler: startScheduler(...).runOnce() until every feed was checked (claimDueFeeds + refreshFeed); ${ITEMS_PER_FEED} items per feed.`,
      `Fetcher: createFetcher({allowPrivateNetworks: true, perHostConcurrency: ${first?.lanes}}) — the default per-host limit of 2 would serialise this one-host setup.`,
      "Round 2: next_check_at reset to the past first; odd feeds publish one new entry (200), even ones answer 304.",
    ],
  };
}
