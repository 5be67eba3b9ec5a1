import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_HTML_DEPTH, MAX_HTML_ELEMENTS } from "../../contract/html/events.ts";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import type { EntryRow, FeedRow } from "../../server/db/schema.ts";
import {
  MAX_AUTHOR_CHARS,
  MAX_CATEGORIES,
  MAX_CATEGORY_CHARS,
  MAX_CONTENT_BYTES,
  MAX_ENTRY_TITLE_CHARS,
  MAX_FEED_DESCRIPTION_CHARS,
  MAX_FEED_TITLE_CHARS,
} from "../../server/ingest/limits.ts";
import * as hostile from "../ingest/hostile-feeds.ts";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/**
 * Hostile feeds served on loopback, subscribed to (and refreshed) through the real server:
 * each must end as a 2004 or as stored fields cut to their caps, while the server keeps
 * answering. Per case it prints the server's stall (the event loop's longest delay, and the
 * slowest health check answered meanwhile) and the memory it took (RSS and heap growth).
 */
const MAX_STALL_MS = 1_000;
const MAX_RSS_GROWTH_MB = 200;

interface Figures {
  name: string;
  bytes: number;
  outcome: string;
  ms: number;
  loopDelayMs: number;
  healthMs: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
}

const figures: Figures[] = [];

let server: TestServer;
let feeds: FeedServer;
let client: TestClient;
let database: DatabaseHandle;

beforeAll(async () => {
  feeds = await new FeedServer().start();
  server = await startTestServer("sqlite", {
    AUTH_RATE_LIMIT_MAX: "1000",
    RATE_LIMIT_MAX: "100000",
    FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
    INGEST_POLL_SECONDS: "3600",
  });
  database = connectDatabase({
    databasePath: `${server.dataDir}/follow.sqlite`,
    databasePoolMax: 1,
  });
  client = new TestClient(server.localUrl);
  await client.signUp(uniqueEmail("hostile"));
  // Warm-up: the first ingestion starts a worker thread; that is not any case's cost.
  const warm = feeds.serve("/warm-up.xml", hostile.hugeTitle(10));
  expect((await client.request("POST", "/api/subscriptions", { json: { url: warm } })).status).toBe(
    200,
  );
});

afterAll(async () => {
  if (figures.length > 0) printFigures();
  await database?.close();
  await server?.close();
  await feeds?.stop();
});

/** Runs one case while watching the event loop, a health probe and memory. */
async function measured<T>(
  name: string,
  bytes: number,
  run: () => Promise<T>,
  describeOutcome: (value: T) => string,
) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  let probing = true;
  let healthMs = 0;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      await fetch(`${server.localUrl}/api/health`).then((r) => r.arrayBuffer());
      healthMs = Math.max(healthMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  loop.enable();
  const started = performance.now();
  let value: T;
  try {
    value = await run();
  } finally {
    loop.disable();
    probing = false;
    clearInterval(sampler);
  }
  await probe;
  const result: Figures = {
    name,
    bytes,
    outcome: describeOutcome(value),
    ms: performance.now() - started,
    loopDelayMs: loop.max / 1e6,
    healthMs,
    rssGrowthMb: (peakRss - before.rss) / 1e6,
    heapGrowthMb: (peakHeap - before.heapUsed) / 1e6,
  };
  figures.push(result);
  expect(result.loopDelayMs, `${name}: event-loop stall`).toBeLessThan(MAX_STALL_MS);
  expect(result.healthMs, `${name}: health check during ingest`).toBeLessThan(MAX_STALL_MS);
  expect(result.rssGrowthMb, `${name}: RSS growth`).toBeLessThan(MAX_RSS_GROWTH_MB);
  return value;
}

/** Subscribes to a hostile document served at `path`; the API answer and the stored rows. */
async function subscribeTo(name: string, document: string) {
  const url = feeds.serve(`/${name}.xml`, document);
  const answer = await measured(
    name,
    Buffer.byteLength(document),
    () => client.request("POST", "/api/subscriptions", { json: { url } }),
    (response) =>
      response.status === 200 ? "stored" : `${response.status} code ${response.body.code}`,
  );
  const feed = await database.db
    .selectFrom("feed")
    .selectAll()
    .where("url", "=", url)
    .executeTakeFirst();
  const entries = feed
    ? await database.db.selectFrom("entry").selectAll().where("feed_id", "=", feed.id).execute()
    : [];
  return { answer, feed, entries };
}

function expectRefused(result: Awaited<ReturnType<typeof subscribeTo>>) {
  expect(result.answer.status).toBe(422);
  expect(result.answer.body.code).toBe(2004);
  expect(result.feed).toBeUndefined(); // nothing half-parsed was stored
}

function storedOnly(result: Awaited<ReturnType<typeof subscribeTo>>): {
  feed: FeedRow;
  entry: EntryRow;
} {
  expect(result.answer.status).toBe(200);
  expect(result.entries).toHaveLength(1);
  return { feed: result.feed!, entry: result.entries[0]! };
}

describe("hostile feeds, subscribed through the API", () => {
  it.each([
    ["billion-laughs-outer-first", hostile.billionLaughsOuterFirst()],
    ["billion-laughs-inner-first", hostile.billionLaughsInnerFirst()],
    ["quadratic-entity", hostile.quadraticEntity()],
    ["recursive-entity", hostile.recursiveEntity()],
    ["deep-entity-chain", hostile.deepEntityChain()],
  ])("%s is refused with 2004", async (name, document) => {
    expectRefused(await subscribeTo(name, document));
  });

  it("200,000 nested divs are stored flattened below the depth cap", async () => {
    const { entry } = storedOnly(await subscribeTo("nested-divs", hostile.nestedDivs(200_000)));
    const opened = entry.content!.match(/<div>/g)!.length;
    expect(opened).toBe(MAX_HTML_DEPTH);
    expect(entry.content!.match(/<\/div>/g)!.length).toBe(opened);
  });

  it("300,000 sibling elements are cut at the element cap", async () => {
    const { entry } = storedOnly(await subscribeTo("many-nodes", hostile.manyNodes(300_000)));
    const elements = entry.content!.match(/<b>/g)!.length;
    expect(elements).toBeLessThanOrEqual(MAX_HTML_ELEMENTS);
    expect(elements).toBeGreaterThan(MAX_HTML_ELEMENTS / 2);
  });

  it("a 5-million-character title is stored cut to its cap", async () => {
    const { feed, entry } = storedOnly(await subscribeTo("huge-title", hostile.hugeTitle()));
    expect(feed.title).toHaveLength(MAX_FEED_TITLE_CHARS);
    expect(entry.title).toHaveLength(MAX_ENTRY_TITLE_CHARS);
  });

  it("huge descriptions are stored cut to their caps", async () => {
    const { feed, entry } = storedOnly(
      await subscribeTo("huge-description", hostile.hugeDescription()),
    );
    expect(feed.description).toHaveLength(MAX_FEED_DESCRIPTION_CHARS);
    expect(entry.description!.length).toBeLessThanOrEqual(301);
  });

  it("a huge author and 100,000 categories are stored cut to their caps", async () => {
    const author = storedOnly(await subscribeTo("huge-author", hostile.hugeAuthor()));
    expect(author.entry.author).toHaveLength(MAX_AUTHOR_CHARS);
    const tagged = storedOnly(await subscribeTo("many-categories", hostile.manyCategories()));
    const categories = JSON.parse(tagged.entry.categories) as string[];
    expect(categories).toHaveLength(MAX_CATEGORIES);
    expect(Math.max(...categories.map((c) => c.length))).toBe(MAX_CATEGORY_CHARS);
  });

  it("8 MB of content is stored cut to its byte cap", async () => {
    const { entry } = storedOnly(await subscribeTo("huge-content", hostile.hugeContent()));
    expect(Buffer.byteLength(entry.content!)).toBeLessThanOrEqual(MAX_CONTENT_BYTES);
  });

  it("megabyte URLs are dropped, not stored", async () => {
    const { feed, entry } = storedOnly(await subscribeTo("huge-url", hostile.hugeUrl()));
    expect(feed.site_url).toBeNull();
    expect(JSON.parse(entry.attachments)).toEqual([]);
  });

  it("a quick-add preview of a billion-laughs feed is refused the same way", async () => {
    const document = hostile.billionLaughsOuterFirst();
    const url = feeds.serve("/preview-bomb.xml", document);
    const answer = await measured(
      "preview-billion-laughs",
      document.length,
      () => client.request("GET", `/api/feeds?url=${encodeURIComponent(url)}`),
      (response) => `${response.status} code ${response.body.code}`,
    );
    expect(answer.body.code).toBe(2004);
  });

  it("a feed that turns into a bomb is refused on refresh, its entries kept", async () => {
    let document = hostile.hugeTitle(20);
    const url = feeds.serve("/turns-hostile.xml", () => document);
    const subscribed = await client.request("POST", "/api/subscriptions", { json: { url } });
    const feedId = subscribed.body.feed.id as string;
    document = hostile.billionLaughsOuterFirst();
    await database.db
      .updateTable("feed")
      .set({ next_check_at: "2000-01-01T00:00:00.000Z" })
      .where("id", "=", feedId)
      .execute();
    await measured(
      "refresh-billion-laughs",
      document.length,
      () => server.runIngestion(),
      () => "refresh recorded",
    );
    const feed = await database.db
      .selectFrom("feed")
      .selectAll()
      .where("id", "=", feedId)
      .executeTakeFirstOrThrow();
    expect(feed.error_message).toMatch(/DOCTYPE was refused/);
    expect(feed.failure_count).toBe(1);
    expect(feed.title).toHaveLength(20);
  });
});

function printFigures() {
  const rows = figures.map((f) =>
    [
      f.name.padEnd(27),
      `${(f.bytes / 1e6).toFixed(2)} MB`.padStart(9),
      f.outcome.padEnd(17),
      `${f.ms.toFixed(0)} ms`.padStart(8),
      `${f.loopDelayMs.toFixed(1)} ms`.padStart(10),
      `${f.healthMs.toFixed(1)} ms`.padStart(10),
      `${f.rssGrowthMb.toFixed(1)} MB`.padStart(10),
      `${f.heapGrowthMb.toFixed(1)} MB`.padStart(10),
    ].join("  "),
  );
  console.log(
    [
      `[hostile-feeds] ${figures.length} cases (bounds: stall < ${MAX_STALL_MS} ms, RSS growth < ${MAX_RSS_GROWTH_MB} MB)`,
      `${"case".padEnd(27)}  ${"size".padStart(9)}  ${"outcome".padEnd(17)}  ${"time".padStart(8)}  ${"loop max".padStart(10)}  ${"health max".padStart(10)}  ${"RSS +".padStart(10)}  ${"heap +".padStart(10)}`,
      ...rows,
    ].join("\n"),
  );
}
