import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestClient } from "../tests/support/http-client.ts";
import { measure, type Throughput } from "./support/measure.ts";
import { type SeedResult, seedEntries } from "./support/seed-entries.ts";
import { BENCH_SERVER_ENV, spawnServer } from "./support/spawn-server.ts";
import { ratio, type Table } from "./support/table.ts";

export interface FeverFigures {
  seed: SeedResult;
  /** The first call, which numbers every entry of the person (ms). */
  firstCallMs: number;
  seconds: number;
  rows: Array<{ name: string; single: Throughput }>;
}

const PASSWORD = "bench password 123";
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
  const dataDir = mkdtempSync(join(tmpdir(), "follow-bench-fever-"));
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
      const secret = made.body?.data?.secret as string;
      if (!secret) throw new Error(`app password: HTTP ${made.status}`);
      const key = createHash("md5").update(`${email.toLowerCase()}:${secret}`).digest("hex");
      const body = `api_key=${key}`;
      const url = (calls: string) => `${server.url}/api/fever/?api${calls}`;
      const started = performance.now();
      const first = await fetch(url("&unread_item_ids"), { method: "POST", headers: FORM, body });
      if (!first.ok) throw new Error(`fever: HTTP ${first.status}`);
      await first.text();
      const firstCallMs = Math.round(performance.now() - started);
      const rows: FeverFigures["rows"] = [];
      rows.push({
        name: "POST /api/entries (100)",
        single: await measure({
          url: `${server.url}/api/entries`,
          method: "POST",
          headers: {
            cookie: api.cookieHeader(),
            origin: new URL(server.url).origin,
            "content-type": "application/json",
          },
          body: JSON.stringify({ limit: 100 }),
          seconds,
          connections: 1,
          timeout: 30,
        }),
      });
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
      return { seed, firstCallMs, seconds, rows };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
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
