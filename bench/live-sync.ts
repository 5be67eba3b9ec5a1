import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser, openPage } from "../tests/e2e/support/browser.ts";
import { serveLocalDbFixture } from "../tests/e2e/support/local-db-fixture.ts";
import { recentFeed, signIn, signUp } from "../tests/e2e/support/reader.ts";
import { FeedServer } from "../tests/support/feed-server.ts";
import { startTestServer } from "../tests/support/server.ts";
import { buildClient } from "./support/build-client.ts";
import { percentile } from "./support/local-seed.ts";
import { quickAddFeed } from "./support/reader-ui-browser.ts";
import { ratio, round, type Table } from "./support/table.ts";

/**
 * How fast a change made in one place shows in another, in Chromium:
 * - tab to tab: a commit in tab A to tab B's live query emitting (one follow.db shared through
 *   OPFS, a BroadcastChannel announcing the commit), against a bare BroadcastChannel message
 *   between the same two tabs;
 * - device to device: a star dispatched in the real app on device A (a browser profile) to the
 *   star's row committed in device B's follow.db (A's push, the server's poke on B's change
 *   stream, B's pull), against a bare Server-Sent Events round trip between the same two
 *   profiles (a POST from A to a trivial SSE server, the event received by B).
 * Reports p50/p95 with ratios to the bare figures; asserts nothing.
 */
const TAB_ROUNDS = 60;
const DEVICE_ROUNDS = 20;

export interface Spread {
  p50: number;
  p95: number;
}

export interface LiveSyncFigures {
  tabToTab: Spread;
  bareBroadcast: Spread;
  deviceToDevice: Spread;
  bareSse: Spread;
}

function spread(values: number[]): Spread {
  return { p50: round(percentile(values, 50), 1), p95: round(percentile(values, 95), 1) };
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function benchTabs(
  browser: Browser,
): Promise<Pick<LiveSyncFigures, "tabToTab" | "bareBroadcast">> {
  const fixture = await serveLocalDbFixture();
  const { page: tabA, context } = await openPage(browser);
  try {
    const tabB = await context.newPage();
    for (const tab of [tabA, tabB]) {
      await tab.goto(fixture.url);
      await tab.waitForSelector("body[data-ready]", { state: "attached" });
    }
    type Fixture = {
      localDb: {
        open(): Promise<unknown>;
        watchFeeds(): void;
        insertOneAt(id: string): Promise<number>;
        emissions: { count: number; at: number }[];
        listenBare(): void;
        sendBare(): number;
        arrivals: number[];
      };
    };
    await tabA.evaluate(() => (window as unknown as Fixture).localDb.open());
    await tabB.evaluate(() => (window as unknown as Fixture).localDb.open());
    // Both tabs show the same query, as tabs of the app do: the writer's result reaches B
    // over the results channel (src/db/shared-results.ts) or B's own re-run, whichever first.
    await tabA.evaluate(() => (window as unknown as Fixture).localDb.watchFeeds());
    await tabB.evaluate(() => (window as unknown as Fixture).localDb.watchFeeds());
    await tabB.evaluate(() => (window as unknown as Fixture).localDb.listenBare());
    const emitted = (count: number) =>
      tabB.evaluate(
        (n) => (window as unknown as Fixture).localDb.emissions.find((e) => e.count === n)?.at,
        count,
      );
    const tab: number[] = [];
    const bare: number[] = [];
    // Interleaved, so the machine's noise falls on both alike.
    for (let i = 0; i < TAB_ROUNDS; i++) {
      const committedAt = await tabA.evaluate(
        (n) => (window as unknown as Fixture).localDb.insertOneAt(`bench-${n}`),
        i,
      );
      await waitUntil(async () => (await emitted(i + 1)) !== undefined, "tab B's live query");
      tab.push((await emitted(i + 1))! - committedAt);

      const sentAt = await tabA.evaluate(() => (window as unknown as Fixture).localDb.sendBare());
      const arrived = () =>
        tabB.evaluate((n) => (window as unknown as Fixture).localDb.arrivals[n], i);
      await waitUntil(async () => (await arrived()) !== undefined, "the bare message");
      bare.push((await arrived())! - sentAt);
    }
    return { tabToTab: spread(tab), bareBroadcast: spread(bare) };
  } finally {
    await context.close();
    await fixture.close();
  }
}

/** A trivial SSE server the pages may reach from another origin (the baseline). */
async function startBareSse() {
  const streams = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const cors = { "access-control-allow-origin": "*" };
    if (request.url === "/stream") {
      response.writeHead(200, { ...cors, "content-type": "text/event-stream" });
      response.write("retry: 2000\n\n");
      streams.add(response);
      request.on("close", () => streams.delete(response));
      return;
    }
    if (request.method === "GET") {
      response
        .writeHead(200, { "content-type": "text/html" })
        .end("<!doctype html><title>bare</title>");
      return;
    }
    request.resume();
    request.on("end", () => {
      for (const stream of streams) stream.write("event: poke\ndata: {}\n\n");
      response.writeHead(204, cors).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      for (const stream of streams) stream.end();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

async function benchDevices(
  browser: Browser,
): Promise<Pick<LiveSyncFigures, "deviceToDevice" | "bareSse">> {
  const clientDir = mkdtempSync(join(tmpdir(), "follow-bench-client-"));
  await buildClient(clientDir);
  const feeds = await new FeedServer().start();
  feeds.serve("/live.xml", recentFeed("Live Feed", "live", 5));
  const server = await startTestServer("sqlite", {
    CLIENT_DIST_DIR: clientDir,
    FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
    AUTH_RATE_LIMIT_MAX: "1000",
  });
  const bareServer = await startBareSse();
  const [a, b] = await Promise.all([openPage(browser), openPage(browser)]);
  try {
    const email = await signUp(a.page, server.localUrl);
    await signIn(b.page, server.localUrl, email);
    await quickAddFeed(a.page, feeds.url("/live.xml"));
    const entryId = await a.page.evaluate(async () => {
      const reader = (
        window as unknown as {
          __followReader: { db: { query(sql: string): Promise<{ id: string }[]> } };
        }
      ).__followReader;
      return (await reader.db.query("SELECT id FROM entries LIMIT 1"))[0]?.id;
    });
    await waitUntil(
      async () => (await b.page.getByTestId("sync-indicator").getAttribute("data-live")) === "true",
      "device B's change stream",
      30_000,
    );
    await b.page.evaluate(() => {
      const w = window as unknown as {
        __followReader: { db: { changes$: { subscribe(f: (t: Set<string>) => void): void } } };
        collectionChanges: number[];
      };
      w.collectionChanges = [];
      w.__followReader.db.changes$.subscribe((tables) => {
        if (tables.has("collections"))
          w.collectionChanges.push(performance.timeOrigin + performance.now());
      });
    });
    // The baseline runs in pages of the bare server's own (the app's CSP allows no other).
    const bareA = await a.context.newPage();
    const bareB = await b.context.newPage();
    await bareA.goto(bareServer.url);
    await bareB.goto(bareServer.url);
    await bareB.evaluate(() => {
      const w = window as unknown as { bareArrivals: number[] };
      w.bareArrivals = [];
      new EventSource("/stream").addEventListener("poke", () =>
        w.bareArrivals.push(performance.timeOrigin + performance.now()),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    const device: number[] = [];
    const bare: number[] = [];
    const changesOnB = () =>
      b.page.evaluate(
        () => (window as unknown as { collectionChanges: number[] }).collectionChanges,
      );
    for (let i = 0; i < DEVICE_ROUNDS; i++) {
      const seen = (await changesOnB()).length;
      const command = i % 2 === 0 ? "collections.star" : "collections.unstar";
      const sentAt = await a.page.evaluate(
        async ({ name, id }) => {
          const at = performance.timeOrigin + performance.now();
          const reader = (
            window as unknown as {
              __followReader: { dispatch(n: string, p: unknown): Promise<unknown> };
            }
          ).__followReader;
          await reader.dispatch(name, { entryId: id });
          return at;
        },
        { name: command, id: entryId! },
      );
      // A's own write lands in A at once; B's row arrives through the server.
      await waitUntil(async () => (await changesOnB()).length > seen, "device B's row", 15_000);
      const arrivedAt = (await changesOnB())[seen]!;
      device.push(arrivedAt - sentAt);
      await new Promise((resolve) => setTimeout(resolve, 150));

      const bareSeen = await bareB.evaluate(
        () => (window as unknown as { bareArrivals: number[] }).bareArrivals.length,
      );
      const postedAt = await bareA.evaluate(async () => {
        const at = performance.timeOrigin + performance.now();
        await fetch("/poke", { method: "POST" });
        return at;
      });
      await waitUntil(
        async () =>
          (await bareB.evaluate(
            () => (window as unknown as { bareArrivals: number[] }).bareArrivals.length,
          )) > bareSeen,
        "the bare event",
      );
      const bareAt = await bareB.evaluate(
        (n) => (window as unknown as { bareArrivals: number[] }).bareArrivals[n]!,
        bareSeen,
      );
      bare.push(bareAt - postedAt);
    }
    return { deviceToDevice: spread(device), bareSse: spread(bare) };
  } finally {
    await a.context.close();
    await b.context.close();
    await bareServer.close();
    await server.close();
    await feeds.stop();
    rmSync(clientDir, { recursive: true, force: true });
  }
}

export async function benchLiveSync(): Promise<LiveSyncFigures> {
  const browser = await launchBrowser();
  try {
    return { ...(await benchTabs(browser)), ...(await benchDevices(browser)) };
  } finally {
    await browser.close();
  }
}

export function liveSyncTable(figures: LiveSyncFigures): Table {
  const row = (what: string, measured: Spread, bare: Spread, aim: string) => [
    what,
    measured.p50,
    measured.p95,
    bare.p50,
    bare.p95,
    ratio(measured.p50, bare.p50),
    aim,
  ];
  return {
    title: `Live sync in Chromium: a change here, seen there (ms; ${TAB_ROUNDS} tab rounds, ${DEVICE_ROUNDS} device rounds)`,
    headers: ["path", "p50", "p95", "bare p50", "bare p95", "p50 / bare", "aim"],
    rows: [
      row(
        "tab A commit → tab B live query",
        figures.tabToTab,
        figures.bareBroadcast,
        "< 16.7 (a frame)",
      ),
      row("device A star → device B row", figures.deviceToDevice, figures.bareSse, "< 1000"),
    ],
    notes: [
      "bare: a BroadcastChannel message between the same tabs; a POST to a trivial SSE server",
      "received by the other profile's EventSource. Device path: A's push, the server's poke, B's pull.",
    ],
  };
}
