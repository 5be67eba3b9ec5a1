import { createHash } from "node:crypto";
import { measure, type Throughput } from "./support/measure.ts";
import type { SeedResult } from "./support/seed-entries.ts";
import { withSeededReader } from "./support/seeded-reader.ts";
import { ratio, type Table } from "./support/table.ts";

export interface FeverFigures {
  seed: SeedResult;
  /** The first call, which numbers every entry of the person (ms). */
  firstCallMs: number;
  seconds: number;
  rows: Array<{ name: string; single: Throughput }>;
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/**
 * The Fever API on one seeded user (100 feeds): the first call (it numbers every entry), then a
 * page of 50 items below max_id and the unread ids, one connection each, beside the web app's
 * own POST /entries page of 100 in the same run. Every items call first numbers new entries
 * (an anti-join over the person's entries), which is what these figures price.
 */
export async function benchFever(
  options: { entries?: number; seconds?: number } = {},
): Promise<FeverFigures> {
  const entries = options.entries ?? Number(process.env.BENCH_ENTRIES ?? 100_000);
  const seconds = options.seconds ?? 5;
  return withSeededReader("fever", entries, async (reader) => {
    const key = createHash("md5")
      .update(`${reader.email.toLowerCase()}:${reader.appPassword}`)
      .digest("hex");
    const body = `api_key=${key}`;
    const url = (calls: string) => `${reader.url}/api/fever/?api${calls}`;
    const started = performance.now();
    const first = await fetch(url("&unread_item_ids"), { method: "POST", headers: FORM, body });
    if (!first.ok) throw new Error(`fever: HTTP ${first.status}`);
    await first.text();
    const firstCallMs = Math.round(performance.now() - started);
    const rows: FeverFigures["rows"] = [
      { name: "POST /api/entries (100)", single: await reader.measureEntriesPage(seconds) },
    ];
    for (const [name, calls] of [
      ["items max_id (50)", `&items&max_id=${Number.MAX_SAFE_INTEGER}`],
      ["unread_item_ids", "&unread_item_ids"],
    ] as const) {
      rows.push({
        name,
        single: await measure({
          url: url(calls),
          method: "POST",
          headers: FORM,
          body,
          seconds,
          connections: 1,
          timeout: 30,
        }),
      });
    }
    return { seed: reader.seed, firstCallMs, seconds, rows };
  });
}

export function feverTable(figures: FeverFigures): Table {
  const baseline = figures.rows[0]!.single.p99Ms;
  return {
    title: `Fever API (${figures.seed.entries} entries, first call ${figures.firstCallMs} ms, 1 connection, ${figures.seconds} s each)`,
    headers: ["request", "req/s", "p50 ms", "p99 ms", "p99 vs POST /entries", "errors"],
    rows: figures.rows.map((row) => [
      row.name,
      row.single.requestsPerSecond,
      row.single.p50Ms,
      row.single.p99Ms,
      ratio(row.single.p99Ms, baseline),
      row.single.errors,
    ]),
  };
}
