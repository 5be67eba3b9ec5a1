import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import { quickAdd, signUp, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/** What the page's runtime says its start-up did (src/runtime/startup.ts). */
interface StartupSeen {
  ran: string[];
  skipped: string[];
  failed: string[];
  hydratedEntries: number;
  perSubscription: number[];
}

function startupOf(page: Page): Promise<StartupSeen> {
  return page.evaluate(async () => {
    type Hydrated = {
      entries: Map<string, unknown>;
      entriesBySubscription: Record<string, string[]>;
    };
    const runtime = (window as unknown as { __followReader: { startup: Promise<unknown> } })
      .__followReader;
    const result = (await runtime.startup) as {
      ran: string[];
      skipped: string[];
      failed: string[];
      hydrated: Hydrated | null;
    };
    return {
      ran: result.ran,
      skipped: result.skipped,
      failed: result.failed,
      hydratedEntries: result.hydrated?.entries.size ?? -1,
      perSubscription: Object.values(result.hydrated?.entriesBySubscription ?? {}).map(
        (ids) => ids.length,
      ),
    };
  });
}

/** The start-up sequence as the built app runs it in Chromium. */
describe("start-up sequence (Chromium)", () => {
  let world: ReaderWorld;
  let server: TestServer;
  let feeds: FeedServer;
  let page: Page;

  beforeAll(async () => {
    world = await startReaderWorld((site) => {
      const items = Array.from({ length: 30 }, (_, i) => ({
        guid: `start-${i}`,
        title: `Start-up entry ${i}`,
        date: new Date(Date.now() - (i + 1) * 3_600_000),
      }));
      site.serve("/startup.xml", rssFeed("Start-up Feed", items));
    });
    ({ server, feeds, page } = world);
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  it("runs the steps in SPEC order on a reload and hydrates 20 entries per subscription", async () => {
    await quickAdd(page, feeds.url("/startup.xml"));
    await waitForSynced(page);
    await page.reload();
    await waitForSynced(page);
    const seen = await startupOf(page);
    // Error reporting and analytics have no configuration in this build; push applies where
    // the browser has service workers and the Push API (its step is a no-op for now).
    expect(seen.ran.slice(0, 5)).toEqual([
      "migrations",
      "hydrateSettings",
      "settingsSync",
      "translations",
      "hydrateDatabase",
    ]);
    expect(seen.skipped).toEqual(expect.arrayContaining(["errorReporting", "analytics"]));
    expect([...seen.ran, ...seen.skipped].sort()).toEqual(
      [
        "migrations",
        "hydrateSettings",
        "settingsSync",
        "errorReporting",
        "translations",
        "hydrateDatabase",
        "analytics",
        "pushRegistration",
      ].sort(),
    );
    expect(seen.failed).toEqual([]);
    expect(seen.perSubscription).toEqual([20]);
    expect(seen.hydratedEntries).toBe(20);
    expect(world.watch.errors).toEqual([]);
  });

  it("keeps the local settings record: app version 0.6.1 and the v1 migration", async () => {
    const record = await page.evaluate(() => localStorage.getItem("follow:settings:local"));
    expect(JSON.parse(record ?? "null")).toEqual({
      appVersion: "0.6.1",
      migrations: ["v1"],
      enhancedSettingsChanged: false,
    });
  });
});
