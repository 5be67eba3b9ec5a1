import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { rankTrendingOnThread } from "../server/discover/trending-thread.ts";
import { rankTrending } from "../server/storage/trending.ts";
import { unfetchedFeedRow } from "../tests/support/feed-rows.ts";
import { type BenchDialect, openBenchDatabase } from "./support/database.ts";
import { median } from "./support/local-seed.ts";
import { ratio, round, type Table } from "./support/table.ts";

export interface TrendingFigures {
  label: string;
  reads: number;
  subscriptions: number;
  seedMs: number;
  /** rankTrending() with migration 0014's indexes. */
  rankMs: number[];
  /** Baseline in the same run: the same ranking with those indexes dropped. */
  unindexedMs: number[];
  /** The longest the event loop waited during the indexed runs (SQLite holds it per query). */
  maxBlockMs: number;
  /** SQLite: the same ranking on a worker thread, as the server runs it (trending-thread.ts). */
  thread?: { rankMs: number[]; maxBlockMs: number; idleMaxBlockMs: number; spinMaxBlockMs: number };
}

const DAY = 86_400_000;

/**
 * One trending ranking (the scheduled job behind GET /discover/trending) over a server with
 * BENCH_TRENDING_READS (default 500,000) reads and a tenth as many subscriptions and stars,
 * spread over 30 days (a quarter inside the 7-day window), 2,000 feeds of 50 entries,
 * 500 lists. Baseline: the same ranking without the window indexes of migration 0014.
 */
export async function benchTrending(dialect: BenchDialect): Promise<TrendingFigures> {
  const reads = Number(process.env.BENCH_TRENDING_READS ?? 500_000);
  const feeds = 2_000;
  const perFeed = 50;
  const users = Math.max(100, Math.floor(reads / 200));
  const bench = await openBenchDatabase(dialect);
  const db = bench.handle.db;
  const now = Date.now();
  // Spread evenly over 30 days (a multiplicative hash of i, so neighbours land apart).
  const at = (i: number) => new Date(now - ((i * 2_654_435_761) % (30 * DAY))).toISOString();
  try {
    const started = performance.now();
    const batch = async <T>(
      count: number,
      row: (i: number) => T,
      insert: (rows: T[]) => Promise<unknown>,
    ) => {
      for (let from = 0; from < count; from += 500) {
        const rows: T[] = [];
        for (let i = from; i < Math.min(count, from + 500); i++) rows.push(row(i));
        await insert(rows);
      }
    };
    const stamp = new Date(now).toISOString();
    await batch(
      feeds,
      (i) => ({
        ...unfetchedFeedRow(`f${i}`, `https://feeds.example/${i}.xml`, stamp),
        title: `Feed ${i}`,
      }),
      (rows) => db.insertInto("feed").values(rows).execute(),
    );
    await batch(
      feeds * perFeed,
      (i) => ({
        id: `e${i}`,
        feed_id: `f${i % feeds}`,
        guid: `g${i}`,
        title: `Entry ${i}`,
        categories: "[]",
        media: "[]",
        attachments: "[]",
        content_hash: "h",
        published_at: at(i),
        inserted_at: at(i),
        updated_at: at(i),
      }),
      (rows) => db.insertInto("entry").values(rows).execute(),
    );
    const subscriptions = Math.floor(reads / 10);
    const pairs = new Set<string>();
    await batch(
      subscriptions,
      (i) => {
        // Popular feeds get more subscribers: a skewed pick, unique per user.
        let feed = Math.floor(feeds * (i % 97 === 0 ? Math.random() : Math.random() ** 3));
        const user = i % users;
        while (pairs.has(`${user}:${feed}`)) feed = (feed + 1) % feeds;
        pairs.add(`${user}:${feed}`);
        return {
          user_id: `u${user}`,
          feed_id: `f${feed}`,
          view: 0,
          is_private: i % 10 === 0 ? 1 : 0,
          created_at: at(i),
        };
      },
      (rows) => db.insertInto("subscription").values(rows).execute(),
    );
    const readPairs = new Set<string>();
    await batch(
      reads,
      (i) => {
        let entry = Math.floor(feeds * perFeed * Math.random() ** 2);
        const user = i % users;
        while (readPairs.has(`${user}:${entry}`)) entry = (entry + 1) % (feeds * perFeed);
        readPairs.add(`${user}:${entry}`);
        return { entry_id: `e${entry}`, user_id: `u${user}`, read_at: at(i) };
      },
      (rows) => db.insertInto("read_history").values(rows).execute(),
    );
    await batch(
      Math.floor(reads / 10),
      (i) => {
        const entry = (i * 131) % (feeds * perFeed);
        return {
          user_id: `u${i % users}`,
          entry_id: `e${entry}`,
          feed_id: `f${entry % feeds}`,
          view: 0,
          created_at: at(i),
        };
      },
      (rows) =>
        db
          .insertInto("collection")
          .values(rows)
          .onConflict((c) => c.doNothing())
          .execute(),
    );
    await batch(
      500,
      (i) => ({
        id: `l${i}`,
        owner_user_id: `u${i % users}`,
        title: `List ${i}`,
        view: 0,
        fee: 0,
        created_at: stamp,
        updated_at: stamp,
      }),
      (rows) => db.insertInto("list").values(rows).execute(),
    );
    await batch(
      Math.min(20_000, users * 5),
      (i) => ({
        user_id: `u${i % users}`,
        list_id: `l${Math.floor(i / users) * 97 + (i % 97)}`.replace(
          /^l(\d+)$/,
          (_, n) => `l${Number(n) % 500}`,
        ),
        view: 0,
        is_private: 0,
        created_at: at(i),
      }),
      (rows) =>
        db
          .insertInto("list_subscription")
          .values(rows)
          .onConflict((c) => c.doNothing())
          .execute(),
    );
    if (dialect === "postgres") await sql`analyze`.execute(db);
    else await sql`analyze`.execute(db);
    const seedMs = performance.now() - started;

    const loop = monitorEventLoopDelay({ resolution: 5 });
    const time = async () => {
      const runs: number[] = [];
      for (let i = 0; i < 6; i++) {
        const t = performance.now();
        await rankTrending(bench.handle);
        if (i > 0) runs.push(performance.now() - t);
      }
      return runs;
    };
    loop.enable();
    const rankMs = await time();
    loop.disable();
    const maxBlockMs = loop.max / 1e6;
    let thread: TrendingFigures["thread"];
    if (dialect === "sqlite") {
      const threadLoop = monitorEventLoopDelay({ resolution: 5 });
      const runs: number[] = [];
      threadLoop.enable();
      for (let i = 0; i < 4; i++) {
        const t = performance.now();
        await rankTrendingOnThread(bench.handle.location);
        if (i > 0) runs.push(performance.now() - t);
      }
      threadLoop.disable();
      const rankingMs = runs.reduce((sum, ms) => sum + ms, 0);
      thread = {
        rankMs: runs,
        maxBlockMs: threadLoop.max / 1e6,
        idleMaxBlockMs: await idleLoopWaitMs(rankingMs),
        spinMaxBlockMs: await spinningThreadLoopWaitMs(rankingMs),
      };
    }
    for (const name of [
      "subscription_created",
      "list_subscription_created",
      "read_history_read_at",
      "collection_created",
    ]) {
      await db.schema.dropIndex(name).execute();
    }
    if (dialect === "postgres") await sql`analyze`.execute(db);
    const unindexedMs = await time();
    return {
      label: bench.label,
      reads,
      subscriptions,
      seedMs,
      rankMs,
      unindexedMs,
      maxBlockMs,
      thread,
    };
  } finally {
    await bench.drop();
  }
}

/**
 * The longest event-loop wait over `ms` with nothing to do: what the machine's other load alone
 * makes the loop wait, beside which the wait while ranking on a thread is read.
 */
async function idleLoopWaitMs(ms: number): Promise<number> {
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, ms));
  idle.disable();
  return idle.max / 1e6;
}

/**
 * The longest event-loop wait over `ms` while a worker thread only spins (no database, no
 * messages): what one busy core costs the loop, without anything the ranking itself does.
 */
async function spinningThreadLoopWaitMs(ms: number): Promise<number> {
  const spin = new Worker(
    "const end = Date.now() + Number(require('node:worker_threads').workerData); while (Date.now() < end);",
    { eval: true, workerData: ms },
  );
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  await new Promise((resolve) => spin.once("exit", resolve));
  loop.disable();
  return loop.max / 1e6;
}

export function trendingTable(figures: TrendingFigures[]): Table {
  return {
    title: "Trending ranking (scheduled job behind GET /discover/trending), median of 5 runs",
    headers: [
      "database",
      "reads",
      "subscriptions",
      "rank ms",
      "no window indexes ms",
      "ratio",
      "longest event-loop wait ms",
      "on a thread: rank ms / longest wait ms (idle loop; beside a spinning thread)",
    ],
    rows: figures.map((f) => [
      f.label,
      f.reads,
      f.subscriptions,
      round(median(f.rankMs)),
      round(median(f.unindexedMs)),
      ratio(median(f.rankMs), median(f.unindexedMs)),
      round(f.maxBlockMs),
      f.thread
        ? `${round(median(f.thread.rankMs))} / ${round(f.thread.maxBlockMs)} (${round(f.thread.idleMaxBlockMs)}; ${round(f.thread.spinMaxBlockMs)})`
        : "n/a",
    ]),
    notes: [
      "Activity spread over 30 days, a quarter inside the 7-day window; 2,000 feeds x 50 entries.",
      "Baseline: the same ranking after dropping migration 0014's indexes, same run.",
      "SQLite servers rank on a worker thread (last column, as served); PostgreSQL in process.",
      "In brackets, each as long, right after: the same loop idle (the machine's own waits), and beside a thread that",
      "only spins (what one busy core costs the loop, without the ranking's own work).",
    ],
  };
}
