import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectDatabase } from "../server/db/connect.ts";
import { nextEntityId } from "../server/storage/ids.ts";
import { unfetchedFeedRow } from "../tests/support/feed-rows.ts";
import { TestClient } from "../tests/support/http-client.ts";
import { createTestPostgres } from "../tests/support/postgres.ts";
import { FeedSite } from "./support/feed-site.ts";
import { npmStartServer } from "./support/npm-start.ts";
import { spawnServer } from "./support/spawn-server.ts";
import type { Table } from "./support/table.ts";

export interface MemoryFigures {
  dialect: "sqlite" | "postgres";
  feeds: number;
  itemsPerFeed: number;
  feedBytes: number;
  nodeFlags: string[];
  entry: string;
  /** The environment npm start adds, as NAME=value words. */
  env: string;
  /** RSS in MB, read from /proc/<pid>/status. */
  startMb: number;
  /** After one sign-up and one timeline request: the modules a first request loads. */
  firstRequestMb: number;
  peakMb: number;
  /** The highest anonymous (heap, stacks) and file-backed (mapped files, code) parts sampled. */
  peakAnonMb: number;
  peakFileMb: number;
  /** 10 s after the last feed was stored. */
  idleMb: number;
  /** 30 s after it: the ingestion worker threads have stood down, V8 has shrunk its heap. */
  settledMb: number;
  idleAnonMb: number;
  idleFileMb: number;
  /** A restart on the same data: peak through its first daily-report check (which reads the
   * refreshed entries), and RSS idle after it. */
  dailyPeakMb: number;
  afterDailyMb: number;
  /** VmHWM: the highest RSS the process ever had (a check on the sampled peak). */
  highWaterMb: number;
  refreshMs: number;
  entries: number;
  failed: number;
}

const IDLE_WAIT_MS = 10_000;
const SETTLED_WAIT_MS = 30_000;

function statusField(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
}

function rssMb(pid: number, field: "VmRSS" | "VmHWM" | "RssAnon" | "RssFile" = "VmRSS"): number {
  return Math.round(statusField(pid, field) / 102.4) / 10;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server's resident memory (SQLite, the default deployment), started as `npm start` runs it
 * (the bundle, its Node flags and environment): right after start, after a first signed-in
 * request, its peak while the scheduler refreshes `feeds` new feeds served by a local HTTP server
 * (sampled every 50 ms), and idle 10 s and 30 s after the last feed was stored (by then the
 * ingestion worker threads have stood down and V8 has shrunk its heap). The feed and subscription rows are written straight into the
 * database (due now); the server's own scheduler (poll 1 s, its default batch and lanes) fetches,
 * parses, sanitizes and stores them.
 */
export async function benchMemory(
  options: {
    feeds?: number;
    itemsPerFeed?: number;
    nodeFlags?: string[];
    entry?: string;
    env?: Record<string, string>;
    dialect?: "sqlite" | "postgres";
    /** Seconds between idle samples (defaults 10 and 30; the scale bench shortens them). */
    idleWaitMs?: number;
    settledWaitMs?: number;
    /** Called with the server's pid once idle (investigations: smaps, heap snapshots). */
    atIdle?: (pid: number) => Promise<void>;
  } = {},
): Promise<MemoryFigures> {
  const feeds = options.feeds ?? Number(process.env.BENCH_MEMORY_FEEDS ?? 1000);
  const itemsPerFeed = options.itemsPerFeed ?? 25;
  const site = new FeedSite(feeds, () => false, itemsPerFeed);
  await site.start();
  const dialect = options.dialect ?? "sqlite";
  const idleWaitMs = options.idleWaitMs ?? IDLE_WAIT_MS;
  const settledWaitMs = options.settledWaitMs ?? SETTLED_WAIT_MS;
  const postgres = dialect === "postgres" ? await createTestPostgres({ migrated: true }) : null;
  const launch = npmStartServer();
  const nodeFlags = options.nodeFlags ?? launch.nodeFlags;
  const entry = options.entry ?? launch.entry;
  const dataDir = mkdtempSync(join(tmpdir(), "follow-bench-memory-"));
  const server = await spawnServer(
    {
      RATE_LIMIT: "false",
      INGEST_POLL_SECONDS: "1",
      FETCH_ALLOW_PRIVATE_NETWORKS: "true",
      // No daily report yet: the restart below makes its first check see every new entry.
      DAILY_REPORT_CHECK_SECONDS: "0",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...launch.env,
      ...options.env,
    },
    { nodeFlags, entry, dataDir },
  );
  let serverRunning = true;
  const database = connectDatabase({
    databaseUrl: postgres?.url,
    databasePath: join(server.dataDir, "follow.sqlite"),
  });
  try {
    await sleep(2000);
    const startMb = rssMb(server.pid);
    const client = new TestClient(server.url);
    const signUp = await client.signUp(`memory.${Date.now()}@example.com`, "bench password 123");
    const userId = (await client.session()).body?.user?.id as string | undefined;
    if (signUp.status !== 200 || !userId) throw new Error(`sign-up failed: ${signUp.status}`);
    const list = await client.request("POST", "/api/entries", { json: { limit: 20 } });
    if (list.status !== 200) throw new Error(`POST /api/entries: HTTP ${list.status}`);
    await sleep(1000);
    const firstRequestMb = rssMb(server.pid);

    let peakMb = 0;
    let peakAnonMb = 0;
    let peakFileMb = 0;
    const sampler = setInterval(() => {
      // One read of /proc per sample: RSS is RssAnon + RssFile + RssShmem of that same moment.
      const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
      const field = (name: string) =>
        Math.round(Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0) / 102.4) /
        10;
      peakMb = Math.max(peakMb, field("VmRSS"));
      peakAnonMb = Math.max(peakAnonMb, field("RssAnon"));
      peakFileMb = Math.max(peakFileMb, field("RssFile"));
    }, 50);
    const started = performance.now();
    const now = new Date().toISOString();
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < feeds; i += 100) {
        const rows = Array.from({ length: Math.min(100, feeds - i) }, (_, j) =>
          unfetchedFeedRow(nextEntityId(), site.url(i + j), now),
        );
        await trx.insertInto("feed").values(rows).execute();
        await trx
          .insertInto("subscription")
          .values(
            rows.map((row) => ({
              user_id: userId,
              feed_id: row.id,
              view: 0,
              is_private: 0,
              title: null,
              category: null,
              created_at: now,
            })),
          )
          .execute();
      }
    });
    let unchecked = feeds;
    while (unchecked > 0 && performance.now() - started < 600_000) {
      await sleep(250);
      const row = await database.db
        .selectFrom("feed")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("checked_at", "is", null)
        .executeTakeFirstOrThrow();
      unchecked = Number(row.n);
    }
    const refreshMs = performance.now() - started;
    await sleep(idleWaitMs);
    const idleMb = rssMb(server.pid);
    const idleAnonMb = rssMb(server.pid, "RssAnon");
    const idleFileMb = rssMb(server.pid, "RssFile");
    await options.atIdle?.(server.pid);
    await sleep(settledWaitMs - idleWaitMs);
    const settledMb = rssMb(server.pid);
    const highWaterMb = rssMb(server.pid, "VmHWM");
    clearInterval(sampler);
    // A restart on the same data whose first daily-report check (2 s in) reads the new entries.
    await server.stop();
    serverRunning = false;
    const restarted = await spawnServer(
      {
        RATE_LIMIT: "false",
        FETCH_ALLOW_PRIVATE_NETWORKS: "true",
        DAILY_REPORT_CHECK_SECONDS: "2",
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        ...launch.env,
        ...options.env,
      },
      { nodeFlags, entry, dataDir },
    );
    let afterDailyMb = 0;
    let dailyPeakMb = 0;
    try {
      const dailySampler = setInterval(() => {
        dailyPeakMb = Math.max(dailyPeakMb, rssMb(restarted.pid));
      }, 50);
      let written = false;
      for (let waited = 0; !written && waited < 120_000; waited += 250) {
        const report = await database.db
          .selectFrom("daily_report")
          .select("id")
          .where("user_id", "=", userId)
          .where("kind", "!=", "composing")
          .executeTakeFirst();
        written = report !== undefined;
        if (!written) await sleep(250);
      }
      if (!written) throw new Error("the restarted server wrote no daily report in 120 s");
      await sleep(idleWaitMs);
      clearInterval(dailySampler);
      afterDailyMb = rssMb(restarted.pid);
    } finally {
      await restarted.stop();
    }
    const counts = await database.db
      .selectFrom("entry")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const failed = await database.db
      .selectFrom("feed")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("error_message", "is not", null)
      .executeTakeFirstOrThrow();
    return {
      dialect,
      feeds,
      itemsPerFeed,
      feedBytes: site.bytes,
      nodeFlags,
      entry,
      env: Object.entries(launch.env)
        .map(([name, value]) => `${name}=${value}`)
        .join(" "),
      startMb,
      firstRequestMb,
      peakMb,
      peakAnonMb,
      peakFileMb,
      idleMb,
      idleAnonMb,
      idleFileMb,
      settledMb,
      afterDailyMb,
      dailyPeakMb,
      highWaterMb,
      refreshMs,
      entries: Number(counts.n),
      failed: Number(failed.n) + unchecked,
    };
  } finally {
    await database.close();
    if (serverRunning) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await site.stop();
    await postgres?.drop();
  }
}

export function memoryTable(f: MemoryFigures): Table {
  const aim = (mb: number, limit: number) => `${mb < limit ? "met" : "missed"} (< ${limit} MB)`;
  return {
    title: `Server memory (RSS, MB), ${f.dialect === "sqlite" ? "SQLite" : "PostgreSQL"}: ${f.feeds} new feeds refreshed by the server's scheduler`,
    headers: ["moment", "RSS MB", "aim"],
    rows: [
      ["after start", f.startMb, ""],
      ["after sign-up + first timeline request", f.firstRequestMb, ""],
      ["peak during the refresh", f.peakMb, aim(f.peakMb, 250)],
      [
        "  of which anonymous / file-backed (highest sampled)",
        `${f.peakAnonMb} / ${f.peakFileMb}`,
        "",
      ],
      [`idle, ${IDLE_WAIT_MS / 1000} s after it`, f.idleMb, aim(f.idleMb, 150)],
      [`idle, ${SETTLED_WAIT_MS / 1000} s after it`, f.settledMb, aim(f.settledMb, 150)],
      ["process high-water mark (VmHWM)", f.highWaterMb, ""],
      ["restart: peak through its first daily-report check", f.dailyPeakMb, ""],
      ["restart: idle after that check", f.afterDailyMb, aim(f.afterDailyMb, 150)],
    ],
    notes: [
      `Refresh: ${f.feeds} feeds × ${f.itemsPerFeed} items (${(f.feedBytes / 1e6).toFixed(1)} MB of RSS documents) from one local HTTP server, ` +
        `${f.entries} entries stored in ${(f.refreshMs / 1000).toFixed(1)} s${f.failed ? `, ${f.failed} feeds failed` : ""}.`,
      `Server started as npm start does: ${f.env} node ${f.nodeFlags.join(" ")} ${f.entry} (and INGEST_POLL_SECONDS=1; other settings default).`,
    ],
  };
}
