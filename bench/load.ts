import { sql } from "kysely";
import type { EntriesRequest } from "../contract/reading.ts";
import { connectDatabase } from "../server/db/connect.ts";
import { TestClient } from "../tests/support/http-client.ts";
import { createTestPostgres, type TestPostgres } from "../tests/support/postgres.ts";
import type { BenchDialect } from "./support/database.ts";
import { measure, type Throughput } from "./support/measure.ts";
import { npmStartServer } from "./support/npm-start.ts";
import { withProcessCpu } from "./support/process-cpu.ts";
import { seedTimeline, type TimelineSeed } from "./support/seed-timeline.ts";
import { spawnServer } from "./support/spawn-server.ts";
import { ratio, type Table } from "./support/table.ts";

export interface LoadFigures {
  database: string;
  seed: TimelineSeed;
  connections: number;
  seconds: number;
  /** Seconds from the end of the bulk seed to the start of the timeline load. */
  startedAfterSeedS: number;
  /** PostgreSQL: seconds from the end of the seed to the server's ANALYZE of `entry`. */
  analyzedAfterSeedS: number | null;
  health: Throughput;
  /** Server CPU ms per answered request (user + system, /proc): steadier than req/s on a shared machine. */
  healthCpuMs: number;
  timelineCpuMs: number;
  /** The timeline load started right after the seed: what the first seconds look like. */
  firstTimeline: Throughput;
  /** The timeline again, after the health baseline: the settled figure. */
  timeline: Throughput;
  /** CONTENT_PAGE at CONTENT_CONNECTIONS connections: its tail latency, and server CPU per request. */
  contentPage: Throughput;
  contentPageCpuMs: number;
  contentPageBytes: number;
}

const PASSWORD = "bench password 123";
const TIMELINE: EntriesRequest = { view: 0, limit: 20 };
/** The newest 100 entries with their content: what a reader fetching a page of articles asks. */
const CONTENT_PAGE: EntriesRequest = { limit: 100, withContent: true };
const CONTENT_CONNECTIONS = 10;

/**
 * Throughput under load: `POST /api/entries` (the timeline, {view: 0, limit: 20}) at
 * `connections` connections against a real server process, right after a bulk ingest into a
 * fresh database (the case where PostgreSQL has no statistics yet), as a ratio against
 * `GET /api/health` (a JSON answer after one `select 1`) on the same server in the same run.
 * The seed is written by the bench process, as a separate ingestion worker would write it.
 */
export async function benchLoad(
  dialect: BenchDialect,
  options: {
    entries?: number;
    feeds?: number;
    connections?: number;
    seconds?: number;
    /** Extra server environment (profiling: NODE_OPTIONS=--cpu-prof). */
    env?: Record<string, string>;
    /** The server's Node flags and script (default: as npm start runs it). */
    nodeFlags?: string[];
    entry?: string;
  } = {},
): Promise<LoadFigures> {
  const entries = options.entries ?? Number(process.env.BENCH_LOAD_ENTRIES ?? 50_000);
  const feeds = options.feeds ?? 200;
  const connections = options.connections ?? 100;
  const seconds = options.seconds ?? 6;
  let postgres: TestPostgres | undefined;
  const env: Record<string, string> = {
    RATE_LIMIT: "false",
    RATE_LIMIT_MAX: "1000000",
    INGEST_SCHEDULER: "false",
    ...options.env,
  };
  if (dialect === "postgres") {
    postgres = await createTestPostgres();
    env.DATABASE_URL = postgres.url;
    env.DATABASE_POOL_MAX = String(postgres.poolMax);
  }
  // The server as npm start runs it (bundle, flags, environment) unless told otherwise.
  const launch = options.entry ? undefined : npmStartServer();
  const server = await spawnServer(
    { ...launch?.env, ...env },
    { nodeFlags: options.nodeFlags ?? launch?.nodeFlags, entry: options.entry ?? launch?.entry },
  );
  try {
    const client = new TestClient(server.url);
    const signUp = await client.signUp(`load.${Date.now()}@example.com`, PASSWORD);
    const userId = (await client.session()).body?.user?.id as string | undefined;
    if (signUp.status !== 200 || !userId) throw new Error(`sign-up failed: ${signUp.status}`);

    const database = connectDatabase({
      databaseUrl: postgres?.url,
      databasePath: `${server.dataDir}/follow.sqlite`,
      databasePoolMax: postgres?.poolMax ?? 1,
    });
    let seed: TimelineSeed;
    try {
      seed = await seedTimeline(database, { userId, feeds, entries });
    } finally {
      await database.close();
    }
    const seededAt = performance.now();
    const seededWall = Date.now();

    const headers = {
      cookie: client.cookieHeader(),
      origin: new URL(server.url).origin,
      "content-type": "application/json",
    };
    const check = await client.request("POST", "/api/entries", { json: TIMELINE });
    if (check.status !== 200 || check.body?.data?.length !== TIMELINE.limit) {
      throw new Error(`POST /api/entries: HTTP ${check.status}, ${check.body?.data?.length} items`);
    }
    const startedAfterSeedS = (performance.now() - seededAt) / 1000;
    const loadTimeline = async () => {
      const { result, cpuMs } = await withProcessCpu(server.pid, async () => {
        const load = await measure({
          url: `${server.url}/api/entries`,
          method: "POST",
          headers,
          body: JSON.stringify(TIMELINE),
          seconds,
          connections,
          timeout: 30,
        });
        // Requests autocannon left queued in the server are answered before the next load.
        await client.request("POST", "/api/entries", { json: TIMELINE });
        return load;
      });
      return { load: result, cpuMs: cpuMs / (result.requests + 1) };
    };
    const { load: firstTimeline } = await loadTimeline();
    const healthRun = await withProcessCpu(server.pid, () =>
      measure({ url: `${server.url}/api/health`, seconds, connections }),
    );
    const health = healthRun.result;
    const healthCpuMs = healthRun.cpuMs / health.requests;
    const { load: timeline, cpuMs: timelineCpuMs } = await loadTimeline();
    const page = await client.request("POST", "/api/entries", { json: CONTENT_PAGE });
    if (page.status !== 200 || page.body?.data?.length !== CONTENT_PAGE.limit) {
      throw new Error(`POST /api/entries (content): HTTP ${page.status}`);
    }
    const contentRun = await withProcessCpu(server.pid, () =>
      measure({
        url: `${server.url}/api/entries`,
        method: "POST",
        headers,
        body: JSON.stringify(CONTENT_PAGE),
        seconds,
        connections: CONTENT_CONNECTIONS,
        timeout: 30,
      }),
    );
    const analyzedAfterSeedS = postgres ? await entryAnalyzedAt(postgres.url, seededWall) : null;
    return {
      database: postgres ? `postgres (${postgres.engine})` : "sqlite",
      seed,
      connections,
      seconds,
      startedAfterSeedS,
      analyzedAfterSeedS,
      health,
      healthCpuMs,
      timelineCpuMs,
      firstTimeline,
      timeline,
      contentPage: contentRun.result,
      contentPageCpuMs: contentRun.cpuMs / contentRun.result.requests,
      contentPageBytes: Buffer.byteLength(page.text),
    };
  } finally {
    await server.stop();
    await postgres?.drop();
  }
}

/** When `entry` was last analyzed (by anyone), in seconds after `since` (epoch ms). */
async function entryAnalyzedAt(url: string, since: number): Promise<number | null> {
  const database = connectDatabase({ databaseUrl: url, databasePath: "", databasePoolMax: 1 });
  try {
    const { rows } = await sql<{ at: Date | null }>`
      select greatest(last_analyze, last_autoanalyze) as at from pg_stat_user_tables
      where relname = 'entry' and schemaname = current_schema()`.execute(database.db);
    const at = rows[0]?.at;
    return at ? (at.getTime() - since) / 1000 : null;
  } finally {
    await database.close();
  }
}

export function loadTables(figures: LoadFigures[]): Table[] {
  return [loadTable(figures), contentPageTable(figures)];
}

function contentPageTable(figures: LoadFigures[]): Table {
  return {
    title: `POST /api/entries ${JSON.stringify(CONTENT_PAGE)} at ${CONTENT_CONNECTIONS} connections (newest 100 with content)`,
    headers: [
      "database",
      "req/s",
      "p50 ms",
      "p99 ms",
      "p99 / p50",
      "server CPU ms/req",
      "answer KB",
    ],
    rows: figures.map((f) => [
      f.database,
      f.contentPage.requestsPerSecond,
      f.contentPage.p50Ms,
      f.contentPage.p99Ms,
      (f.contentPage.p99Ms / Math.max(1, f.contentPage.p50Ms)).toFixed(2),
      f.contentPageCpuMs.toFixed(2),
      Math.round(f.contentPageBytes / 1024),
    ]),
    notes: [
      "Measured last, on the same server and data. p50 at 10 connections is about 10x the service time (one event loop);",
      "the tail beyond that is pauses: garbage collection, a slow query, or the loop blocked by other work.",
    ],
  };
}

function loadTable(figures: LoadFigures[]): Table {
  const first = figures[0];
  return {
    title: `Load: POST /api/entries (timeline) at ${first?.connections} connections, ${first?.seconds} s each, against GET /api/health`,
    headers: [
      "database",
      "health req/s",
      "health p99 ms",
      "timeline req/s",
      "timeline p50 ms",
      "timeline p99 ms",
      "timeline × health",
      "aim ≥ 0.25×",
      "server CPU ms/req health / timeline (ratio)",
      "first seconds req/s (p99 ms)",
    ],
    rows: figures.map((f) => [
      f.database,
      f.health.requestsPerSecond,
      f.health.p99Ms,
      f.timeline.requestsPerSecond,
      f.timeline.p50Ms,
      f.timeline.p99Ms,
      ratio(f.timeline.requestsPerSecond, f.health.requestsPerSecond),
      `${f.timeline.requestsPerSecond >= 0.25 * f.health.requestsPerSecond ? "met" : "missed"}${
        f.timeline.errors + f.health.errors ? `, ${f.timeline.errors + f.health.errors} errors` : ""
      }`,
      `${f.healthCpuMs.toFixed(3)} / ${f.timelineCpuMs.toFixed(3)} (${ratio(f.healthCpuMs, f.timelineCpuMs)})`,
      `${f.firstTimeline.requestsPerSecond} (${f.firstTimeline.p99Ms})${
        f.firstTimeline.errors ? `, ${f.firstTimeline.errors} errors` : ""
      }`,
    ]),
    notes: [
      ...figures.map(
        (f) =>
          `${f.database}: fresh database, ${f.seed.entries} entries over ${f.seed.feedIds.length} subscribed feeds bulk-written in ` +
          `${(f.seed.ms / 1000).toFixed(1)} s by another process; timeline load began ${f.startedAfterSeedS.toFixed(1)} s after it` +
          (f.database.startsWith("postgres")
            ? f.analyzedAfterSeedS === null
              ? "; entry never analyzed."
              : `; entry analyzed ${f.analyzedAfterSeedS.toFixed(1)} s after it.`
            : "."),
      ),
      "Timeline body {view: 0, limit: 20} (list form, no content); health = GET /api/health (select 1); server in its own process, run as npm start runs it.",
      "Order: timeline right after the seed (first seconds), health, timeline again (the figures the ratio and aim use).",
      "The load generator shares the machine's cores with the server: the CPU ratio (health's CPU per request over the",
      "timeline's) is the capacity ratio the server itself would reach, and moves less with other load than req/s does.",
    ],
  };
}
