import { Worker } from "node:worker_threads";
import type { DatabaseHandle } from "../db/connect.ts";
import { rankTrending, type TrendingRanking } from "../storage/trending.ts";

const WORKER_URL = new URL("./trending-worker.ts", import.meta.url);

type Answer = { ok: true; ranking: TrendingRanking } | { ok: false; message: string };

/**
 * Ranks trending on a worker thread over the same SQLite file. SQLite runs each query on the
 * thread that asks, so on the server's own thread the 168 slice queries of a ranking would hold
 * the HTTP event loop, each for as long as it runs (seconds in all on a busy server); on a
 * thread of its own the ranking costs that loop only the copy of its result.
 */
export function rankTrendingOnThread(
  databasePath: string,
  now = new Date(),
): Promise<TrendingRanking> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { databasePath, now: now.toISOString() },
    });
    worker.once("message", (answer: Answer) => {
      if (answer.ok) resolve(answer.ranking);
      else reject(new Error(`trending ranking failed: ${answer.message}`));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the trending thread exited with code ${code}`));
    });
  });
}

/**
 * How this server ranks: on a thread for a SQLite file; in process on PostgreSQL (the queries
 * wait on the network, not on this thread) and for an in-memory database (no file to share).
 */
export function trendingRanker(
  database: DatabaseHandle,
): (database: DatabaseHandle) => Promise<TrendingRanking> {
  if (database.dialect === "sqlite" && database.location !== ":memory:") {
    const path = database.location;
    return () => rankTrendingOnThread(path);
  }
  return (handle) => rankTrending(handle);
}
