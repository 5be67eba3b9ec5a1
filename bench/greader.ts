import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestClient } from "../tests/support/http-client.ts";
import { measure, type Throughput } from "./support/measure.ts";
import { type SeedResult, seedEntries } from "./support/seed-entries.ts";
import { BENCH_SERVER_ENV, spawnServer } from "./support/spawn-server.ts";
import { ratio, type Table } from "./support/table.ts";

export interface GreaderFigures {
  seed: SeedResult;
  seconds: number;
  rows: Array<{ name: string; items: number; single: Throughput }>;
}

const PASSWORD = "bench password 123";
const READING_LIST = encodeURIComponent("user/-/state/com.google/reading-list");
const READ = encodeURIComponent("user/-/state/com.google/read");

/**
 * The Google Reader API's two heavy reads on one seeded user (100 feeds, 100 unread newest in
 * each: 10,000 unread): stream/contents of 1,000 items and stream/items/ids of the 10,000
 * unread, one connection each (latency, not throughput), beside the web app's own POST /entries
 * page of 100 in the same run.
 */
export async function benchGreader(
  options: { entries?: number; seconds?: number } = {},
): Promise<GreaderFigures> {
  const entries = options.entries ?? Number(process.env.BENCH_ENTRIES ?? 100_000);
  const seconds = options.seconds ?? 5;
  const dataDir = mkdtempSync(join(tmpdir(), "follow-bench-greader-"));
  try {
    let server = await spawnServer(BENCH_SERVER_ENV, { dataDir });
    const client = new TestClient(server.url);
    const email = `bench.${Date.now()}@example.com`;
    await client.signUp(email, PASSWORD);
    const userId = (await client.session()).body?.user?.id as string | undefined;
    await server.stop();
    if (!userId) throw new Error("sign-up failed");
    const seed = seedEntries(join(dataDir, "follow.sqlite"), {
      userId,
      feeds: 100,
      entries,
      unreadNewest: 100,
      unreadShare: 0,
      starredShare: 0.001,
    });
    server = await spawnServer(BENCH_SERVER_ENV, { dataDir });
    try {
      const api = new TestClient(server.url).copyCookiesFrom(client);
      const made = await api.request("POST", "/api/tokens", {
        json: { name: "bench", kind: "app_password", scope: "read" },
      });
      const auth = made.body?.data?.secret as string;
      if (!auth) throw new Error(`app password: HTTP ${made.status}`);
      const reader = { authorization: `GoogleLogin auth=${auth}` };
      const base = `${server.url}/api/greader/reader/api/0`;
      const contents = `${base}/stream/contents/${READING_LIST}?output=json&n=1000`;
      const ids = `${base}/stream/items/ids?output=json&s=${READING_LIST}&xt=${READ}&n=10000`;
      const count = async (url: string, key: string) => {
        const answer = await new TestClient(server.url).request(
          "GET",
          url.slice(server.url.length),
          {
            headers: reader,
          },
        );
        return (answer.body?.[key] as unknown[] | undefined)?.length ?? 0;
      };
      const rows: GreaderFigures["rows"] = [];
      const entriesBody = JSON.stringify({ limit: 100 });
      rows.push({
        name: "POST /api/entries (100)",
        items: 100,
        single: await measure({
          url: `${server.url}/api/entries`,
          method: "POST",
          headers: {
            cookie: api.cookieHeader(),
            origin: new URL(server.url).origin,
            "content-type": "application/json",
          },
          body: entriesBody,
          seconds,
          connections: 1,
          timeout: 30,
        }),
      });
      rows.push({
        name: "stream/contents n=1000",
        items: await count(contents, "items"),
        single: await measure({
          url: contents,
          headers: reader,
          seconds,
          connections: 1,
          timeout: 30,
        }),
      });
      rows.push({
        name: "stream/items/ids n=10000 unread",
        items: await count(ids, "itemRefs"),
        single: await measure({ url: ids, headers: reader, seconds, connections: 1, timeout: 30 }),
      });
      return { seed, seconds, rows };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function greaderTable(figures: GreaderFigures): Table {
  const baseline = figures.rows[0]!.single.p99Ms;
  return {
    title: `Google Reader API (${figures.seed.entries} entries, ${figures.seed.unread} unread, 1 connection, ${figures.seconds} s each)`,
    headers: ["request", "items", "req/s", "p50 ms", "p99 ms", "p99 vs POST /entries", "errors"],
    rows: figures.rows.map((row) => [
      row.name,
      row.items,
      row.single.requestsPerSecond,
      row.single.p50Ms,
      row.single.p99Ms,
      ratio(row.single.p99Ms, baseline),
      row.single.errors,
    ]),
  };
}
