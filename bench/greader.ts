import { TestClient } from "../tests/support/http-client.ts";
import { measure, type Throughput } from "./support/measure.ts";
import type { SeedResult } from "./support/seed-entries.ts";
import { withSeededReader } from "./support/seeded-reader.ts";
import { ratio, type Table } from "./support/table.ts";

export interface GreaderFigures {
  seed: SeedResult;
  seconds: number;
  rows: Array<{ name: string; items: number; single: Throughput }>;
}

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
  return withSeededReader("greader", entries, async (reader) => {
    const headers = { authorization: `GoogleLogin auth=${reader.appPassword}` };
    const base = `${reader.url}/api/greader/reader/api/0`;
    const contents = `${base}/stream/contents/${READING_LIST}?output=json&n=1000`;
    const ids = `${base}/stream/items/ids?output=json&s=${READING_LIST}&xt=${READ}&n=10000`;
    const count = async (url: string, key: string) => {
      const answer = await new TestClient(reader.url).request("GET", url.slice(reader.url.length), {
        headers,
      });
      return (answer.body?.[key] as unknown[] | undefined)?.length ?? 0;
    };
    const timed = (url: string) => measure({ url, headers, seconds, connections: 1, timeout: 30 });
    const rows: GreaderFigures["rows"] = [
      {
        name: "POST /api/entries (100)",
        items: 100,
        single: await reader.measureEntriesPage(seconds),
      },
      {
        name: "stream/contents n=1000",
        items: await count(contents, "items"),
        single: await timed(contents),
      },
      {
        name: "stream/items/ids n=10000 unread",
        items: await count(ids, "itemRefs"),
        single: await timed(ids),
      },
    ];
    return { seed: reader.seed, seconds, rows };
  });
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
