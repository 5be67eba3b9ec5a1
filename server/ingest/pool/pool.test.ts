import { afterEach, describe, expect, it } from "vitest";
import { billionLaughsOuterFirst } from "../../../tests/ingest/hostile-feeds.ts";
import { IngestError } from "../errors.ts";
import { ingestBody } from "../pipeline.ts";
import { IngestPool } from "./pool.ts";
import { ENTRY_BATCH } from "./protocol.ts";

const rss = (items: number) =>
  Buffer.from(
    `<rss version="2.0"><channel><title>Pool</title>${Array.from(
      { length: items },
      (_, i) =>
        `<item><guid>g${i}</guid><title>Item ${i}</title><description><![CDATA[<p onclick="x()">Body ${i}</p>]]></description><pubDate>Mon, 02 Mar 2026 10:00:00 GMT</pubDate></item>`,
    ).join("")}</channel></rss>`,
  );

let pool: IngestPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe("ingestion worker pool", () => {
  it("returns what ingestBody returns, entries in order across batches", async () => {
    pool = new IngestPool({ size: 1 });
    const body = rss(ENTRY_BATCH * 2 + 7);
    const outcome = await pool.run({
      task: "feed",
      body,
      url: "http://127.0.0.1/f",
      contentType: null,
    });
    if (outcome.unchanged) throw new Error("expected a parse");
    const inline = ingestBody(body, { url: "http://127.0.0.1/f" });
    expect(outcome.ingested).toEqual(inline);
    expect(outcome.ingested.entries[0]!.publishedAt).toBeInstanceOf(Date);
    expect(outcome.ingested.entries.at(-1)!.guid).toBe(`g${ENTRY_BATCH * 2 + 6}`);

    const again = await pool.run({
      task: "feed",
      body,
      url: "http://127.0.0.1/f",
      contentType: null,
      previousHash: outcome.bodyHash,
    });
    expect(again).toEqual({ unchanged: true, bodyHash: outcome.bodyHash });
  });

  it("rebuilds coded errors from the worker", async () => {
    pool = new IngestPool({ size: 1 });
    const error = await pool
      .run({
        task: "feed",
        body: Buffer.from(billionLaughsOuterFirst()),
        url: null,
        contentType: null,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error).toMatchObject({ code: 2004, kind: "malformed" });
  });

  it("answers 2004 too-costly past the deadline and stops that worker", async () => {
    pool = new IngestPool({ size: 1, taskTimeoutMs: 1 });
    const error = await pool
      .run({ task: "feed", body: rss(3000), url: null, contentType: null })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 2004, kind: "too-costly" });
    expect((error as IngestError).reason).toMatch(/longer than/);
    expect(pool.workers).toBe(0);
  });

  it("answers 2004 too-costly when a worker runs out of its heap", async () => {
    pool = new IngestPool({ size: 1, maxHeapMb: 8 });
    const error = await pool
      .run({ task: "feed", body: rss(40_000), url: null, contentType: null })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 2004, kind: "too-costly" });
    expect(pool.workers).toBe(0);
  });

  it("runs tasks side by side up to its size, and queues the rest", async () => {
    pool = new IngestPool({ size: 2 });
    const running = [1, 2, 3, 4, 5].map((n) =>
      pool!.run({ task: "feed", body: rss(n), url: null, contentType: null }),
    );
    // Two started, three waiting: the depth /metrics reports.
    expect(pool.queued).toBe(3);
    const results = await Promise.all(running);
    expect(pool.queued).toBe(0);
    expect(results.map((r) => (r.unchanged ? -1 : r.ingested.entries.length))).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(pool.workers).toBeLessThanOrEqual(2);
  });
});
