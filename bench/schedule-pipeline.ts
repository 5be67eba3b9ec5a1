import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createFetcher } from "../server/ingest/guarded-fetch.ts";
import { closeIngestPool } from "../server/ingest/pool/pool.ts";
import { refreshFeed } from "../server/jobs/refresh-feed.ts";
import { createLogger } from "../server/logger.ts";
import { nextEntityId } from "../server/storage/ids.ts";
import { unfetchedFeedRow } from "../tests/support/feed-rows.ts";
import { makeFeeds, percentile, Queue, type ScheduleFeed } from "./schedule-freshness.ts";
import { openBenchDatabase } from "./support/database.ts";
import { ratio, round, type Table } from "./support/table.ts";

/**
 * The schedule through the real pipeline, on a simulated clock: feeds served over HTTP on
 * 127.0.0.1 (each document its 20 newest entries, an ETag, 304 to a matching If-None-Match),
 * fetched, parsed in the worker pool and stored in SQLite by `refreshFeed` with the clock
 * injected; the next check is what it wrote (adaptive) or an hour later (fixed). An entry's
 * delay is from its publication to the simulated time of the refresh that stored it.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ITEMS_IN_DOCUMENT = 20;

export interface PipelineFigures {
  feeds: number;
  ms: number;
  strategies: Array<{
    name: string;
    delays: number[];
    dailyDelays: number[];
    fetches: number;
    notModified: number;
    /** Entries the simulated publisher had out that the database did not get at that fetch. */
    missed: number;
  }>;
}

export async function benchSchedulePipeline(
  count = Number(process.env.BENCH_SCHEDULE_PIPELINE_FEEDS ?? 300),
): Promise<PipelineFigures> {
  const dayStart = Date.UTC(2026, 0, 15);
  const feeds = makeFeeds(count, dayStart - 200 * DAY, dayStart + DAY);
  let now = dayStart;
  const server = createServer((request, response) => {
    const index = Number(/\/(\d+)\.xml$/.exec(request.url ?? "")?.[1]);
    const feed = feeds[index];
    if (!feed) return response.writeHead(404).end();
    const out = feed.published
      .filter((t) => t <= now)
      .slice(-ITEMS_IN_DOCUMENT)
      .reverse();
    const body = document(index, out);
    const etag = `"${createHash("sha1").update(body).digest("hex")}"`;
    if (request.headers["if-none-match"] === etag) return response.writeHead(304, { etag }).end();
    response.writeHead(200, { "content-type": "application/rss+xml", etag }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bench = await openBenchDatabase("sqlite");
  const database = bench.handle;
  const fetcher = createFetcher({ allowPrivateNetworks: true });
  const logger = createLogger({ logLevel: "silent" } as never);
  const started = performance.now();
  const strategies: PipelineFigures["strategies"] = [];
  try {
    for (const name of ["adaptive", "fixed 1 h"] as const) {
      const figures = {
        name,
        delays: [] as number[],
        dailyDelays: [] as number[],
        fetches: 0,
        notModified: 0,
        missed: 0,
      };
      const rows = feeds.map((_, i) =>
        unfetchedFeedRow(
          nextEntityId(),
          `${origin}/${name === "adaptive" ? "a" : "f"}/${i}.xml`,
          new Date(dayStart).toISOString(),
        ),
      );
      for (let i = 0; i < rows.length; i += 100) {
        await database.db
          .insertInto("feed")
          .values(rows.slice(i, i + 100))
          .execute();
      }
      const lastFetch = new Array<number>(feeds.length).fill(dayStart);
      const queue = new Queue();
      // The first fetch, just before the day, brings each feed's history in.
      now = dayStart - 1;
      for (let i = 0; i < rows.length; i++) {
        const row = await database.db
          .selectFrom("feed")
          .selectAll()
          .where("id", "=", rows[i]!.id)
          .executeTakeFirstOrThrow();
        const outcome = await refreshFeed(database, fetcher, row, "bench", logger, () => now);
        const next = name === "adaptive" ? Date.parse(outcome.nextCheckAt) - now : HOUR;
        queue.push([dayStart + Math.random() * next, i]);
      }
      while (queue.size > 0) {
        const [at, i] = queue.pop();
        if (at >= dayStart + DAY) continue;
        now = at;
        const feed: ScheduleFeed = feeds[i]!;
        const fresh = feed.published.filter((t) => t > lastFetch[i]! && t <= now);
        lastFetch[i] = now;
        const row = await database.db
          .selectFrom("feed")
          .selectAll()
          .where("id", "=", rows[i]!.id)
          .executeTakeFirstOrThrow();
        const outcome = await refreshFeed(database, fetcher, row, "bench", logger, () => now);
        figures.fetches++;
        if (outcome.ok && outcome.unchanged) figures.notModified++;
        if (outcome.ok) {
          if (outcome.inserted < fresh.length) figures.missed += fresh.length - outcome.inserted;
          for (const t of fresh) {
            figures.delays.push(now - t);
            if (feed.rhythm === "daily") figures.dailyDelays.push(now - t);
          }
        }
        const next = name === "adaptive" ? Date.parse(outcome.nextCheckAt) - now : HOUR;
        queue.push([now + next, i]);
      }
      strategies.push(figures);
    }
  } finally {
    await fetcher.close();
    await closeIngestPool();
    await bench.drop();
    await new Promise((done) => server.close(done));
  }
  return { feeds: count, ms: performance.now() - started, strategies };
}

function document(index: number, published: number[]): string {
  const items = published
    .map(
      (t) =>
        `<item><guid>f${index}-${t}</guid><title>Entry ${t}</title><link>https://example.com/${index}/${t}</link><pubDate>${new Date(t).toUTCString()}</pubDate></item>`,
    )
    .join("");
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed ${index}</title><link>https://example.com/${index}</link>${items}</channel></rss>`;
}

export function schedulePipelineTable(figures: PipelineFigures): Table {
  const fixed = figures.strategies.find((s) => s.name === "fixed 1 h")!;
  const minutes = (ms: number) => `${round(ms / 60_000, 1)} min`;
  return {
    title: `Feed schedule through HTTP, the ingest pool and SQLite on a simulated clock: ${figures.feeds} feeds, one day`,
    headers: [
      "schedule",
      "median delay",
      "p95 delay",
      "daily feeds' median",
      "fetches/feed/day",
      "vs fixed",
      "304 share",
      "entries missed",
    ],
    rows: figures.strategies.map((s) => [
      s.name,
      minutes(percentile(s.delays, 50)),
      minutes(percentile(s.delays, 95)),
      minutes(percentile(s.dailyDelays, 50)),
      round(s.fetches / figures.feeds, 1),
      ratio(s.fetches, fixed.fetches),
      `${round((100 * s.notModified) / Math.max(s.fetches, 1), 0)} %`,
      s.missed,
    ]),
    notes: [
      `${round(figures.ms / 1000, 1)} s of wall time for both; BENCH_SCHEDULE_PIPELINE_FEEDS sets the count (the model-only table above runs 5,000)`,
      "delay counts only entries stored during the day (the model-only table also counts those never fetched)",
    ],
  };
}
