import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientMigrations } from "../../migrations/client/index.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { serveLocalDbFixture as serveFixture } from "./support/local-db-fixture.ts";

/** The fixture page's API (tests/e2e/fixtures/local-db/main.ts). */
interface LocalDbPage {
  emissions: { count: number; at: number }[];
  waits: { reason: string; attempt: number }[];
  open(vfs?: "opfs" | "idb"): Promise<{ vfs: string; migration: { applied: number[] } }>;
  openWithReason(): Promise<{ vfs: string; reason: string }>;
  holdFile(): Promise<void>;
  releaseFile(): Promise<void>;
  leaveStaleDirectories(count: number): Promise<void>;
  holdTransaction(id: string, ms: number): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  execute(sql: string, params?: unknown[]): Promise<{ changes: number }>;
  insertFeeds(prefix: string, count: number, padding?: number): Promise<number>;
  insertOneAt(id: string): Promise<number>;
  insertFeedsBatch(prefix: string, count: number): Promise<number>;
  singleWrites(prefix: string, count: number): Promise<{ p50: number; max: number }>;
  watchFeeds(): void;
  exportSummary(): Promise<{ sizes: number[]; header: string }>;
  download(): Promise<number>;
  reset(): Promise<void>;
  close(): Promise<void>;
  opfsNames(): Promise<string[]>;
  idbNames(): Promise<string[]>;
}

declare global {
  interface Window {
    localDb: LocalDbPage;
  }
}

describe("local database in Chromium (real worker, OPFS)", () => {
  let browser: Browser;
  let fixture: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    [fixture, browser] = await Promise.all([serveFixture(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  async function load(page: Page) {
    await page.goto(fixture.url);
    await page.waitForSelector("body[data-ready]", { state: "attached" });
  }

  it("opens follow.db on OPFS, keeps rows across a reload", async () => {
    const { page, context, errors } = await openPage(browser);
    await load(page);
    const opened = await page.evaluate(() => window.localDb.open());
    expect(opened.vfs).toBe("opfs");
    expect(opened.migration.applied).toEqual(clientMigrations.map((m) => m.version));
    expect(await page.evaluate(() => window.localDb.opfsNames())).toContain("follow.db");

    await page.evaluate(() => window.localDb.insertFeeds("kept", 3));
    await page.reload();
    await page.waitForSelector("body[data-ready]", { state: "attached" });
    const reopened = await page.evaluate(() => window.localDb.open());
    expect(reopened).toEqual({ vfs: "opfs", migration: { applied: [], wiped: false } });
    const rows = await page.evaluate(() =>
      window.localDb.query("SELECT id FROM feeds ORDER BY id"),
    );
    expect(rows.map((row) => row.id)).toEqual(["kept-0", "kept-1", "kept-2"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("two tabs share the database and see each other's changes", async () => {
    const { page: tabA, context, errors } = await openPage(browser);
    const tabB = await context.newPage();
    await Promise.all([load(tabA), load(tabB)]);
    await tabA.evaluate(() => window.localDb.open());
    await tabB.evaluate(() => window.localDb.open());

    await tabB.evaluate(() => window.localDb.watchFeeds());
    await expect.poll(() => tabB.evaluate(() => window.localDb.emissions.at(-1)?.count)).toBe(0);

    await tabA.evaluate(() => window.localDb.insertFeeds("from-a", 5));
    await expect.poll(() => tabB.evaluate(() => window.localDb.emissions.at(-1)?.count)).toBe(5);
    await tabB.evaluate(() => window.localDb.insertFeeds("from-b", 2));
    expect(
      await tabA.evaluate(() => window.localDb.query("SELECT count(*) AS n FROM feeds")),
    ).toEqual([{ n: 7 }]);

    // Alternating writers hand the OPFS file back and forth: measure what a turn costs.
    const rounds = 10;
    const turns: number[] = [];
    for (let i = 0; i < rounds; i++) {
      turns.push(await tabA.evaluate((n) => window.localDb.insertFeeds(`ping-${n}`, 1), i));
      turns.push(await tabB.evaluate((n) => window.localDb.insertFeeds(`pong-${n}`, 1), i));
    }
    turns.sort((a, b) => a - b);
    const alone = await tabA.evaluate((n) => window.localDb.singleWrites("solo", n), rounds * 2);
    console.log(
      `one-row transaction, p50: ${alone.p50.toFixed(1)} ms from one tab, ` +
        `${turns[rounds]!.toFixed(1)} ms with two tabs taking turns`,
    );
    await expect
      .poll(() => tabB.evaluate(() => window.localDb.emissions.at(-1)?.count))
      .toBe(7 + rounds * 4);

    // Cross-tab latency: from tab A's confirmed commit to tab B's live query emitting.
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      const expected = 8 + rounds * 4 + i;
      const committedAt = await tabA.evaluate((n) => window.localDb.insertOneAt(`late-${n}`), i);
      await expect
        .poll(() => tabB.evaluate(() => window.localDb.emissions.at(-1)?.count))
        .toBe(expected);
      const emittedAt = await tabB.evaluate(
        (n) => window.localDb.emissions.find((e) => e.count === n)!.at,
        expected,
      );
      delays.push(emittedAt - committedAt);
    }
    delays.sort((a, b) => a - b);
    console.log(`tab A commit -> tab B live query emission, p50: ${delays[5]!.toFixed(1)} ms`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("exports follow.db in 65,536-byte chunks and downloads it", async () => {
    const { page, context, errors } = await openPage(browser);
    await load(page);
    await page.evaluate(() => window.localDb.open());
    await page.evaluate(() => window.localDb.insertFeeds("big", 600, 500));
    const { sizes, header } = await page.evaluate(() => window.localDb.exportSummary());
    expect(sizes.length).toBeGreaterThan(3);
    for (const size of sizes.slice(0, -1)) expect(size).toBe(65_536);
    expect(sizes.at(-1)).toBeLessThanOrEqual(65_536);
    expect(header).toBe("SQLite format 3\0");

    const [download, size] = await Promise.all([
      page.waitForEvent("download"),
      page.evaluate(() => window.localDb.download()),
    ]);
    expect(download.suggestedFilename()).toBe("follow.db");
    expect(size).toBe(sizes.reduce((sum, n) => sum + n, 0));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reset empties the database and migrates it again, in every tab", async () => {
    const { page: tabA, context, errors } = await openPage(browser);
    const tabB = await context.newPage();
    await Promise.all([load(tabA), load(tabB)]);
    await tabA.evaluate(() => window.localDb.open());
    await tabB.evaluate(() => window.localDb.open());
    await tabA.evaluate(() => window.localDb.insertFeeds("gone", 4));
    await tabB.evaluate(() => window.localDb.watchFeeds());
    await expect.poll(() => tabB.evaluate(() => window.localDb.emissions.at(-1)?.count)).toBe(4);

    await tabA.evaluate(() => window.localDb.reset());
    await expect.poll(() => tabB.evaluate(() => window.localDb.emissions.at(-1)?.count)).toBe(0);
    await tabB.evaluate(() => window.localDb.insertFeeds("after", 1));
    expect(await tabA.evaluate(() => window.localDb.query("SELECT id FROM feeds"))).toEqual([
      { id: "after-0" },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("falls back to IndexedDB (WA_SQLITE) and keeps rows across a reload", async () => {
    const { page, context, errors } = await openPage(browser);
    await load(page);
    expect((await page.evaluate(() => window.localDb.open("idb"))).vfs).toBe("idb");
    await page.evaluate(() => window.localDb.insertFeeds("idb", 2));
    expect(await page.evaluate(() => window.localDb.idbNames())).toContain("WA_SQLITE");
    await page.reload();
    await page.waitForSelector("body[data-ready]", { state: "attached" });
    await page.evaluate(() => window.localDb.open("idb"));
    expect(
      await page.evaluate(() => window.localDb.query("SELECT count(*) AS n FROM feeds")),
    ).toEqual([{ n: 2 }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("inserts 10,000 rows in one transaction on OPFS", async () => {
    const { page, context, errors } = await openPage(browser);
    await load(page);
    await page.evaluate(() => window.localDb.open());
    const batched = await page.evaluate(() => window.localDb.insertFeedsBatch("bulk", 10_000));
    const oneByOne = await page.evaluate(() => window.localDb.insertFeeds("single", 1_000));
    console.log(
      `10,000 inserts in one transaction: ${batched.toFixed(0)} ms as one batch; ` +
        `statement by statement ${(oneByOne / 1_000).toFixed(2)} ms per insert`,
    );
    expect(
      await page.evaluate(() => window.localDb.query("SELECT count(*) AS n FROM feeds")),
    ).toEqual([{ n: 11_000 }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("three tabs opened at once share one database in OPFS, whatever closed tabs left behind", async () => {
    const { page: first, context, errors } = await openPage(browser);
    const tabs = [first, await context.newPage(), await context.newPage()];
    await Promise.all(tabs.map(load));
    // Closed tabs' temporary directories: every opening tab sweeps them at once.
    await first.evaluate(() => window.localDb.leaveStaleDirectories(20));
    const opened = await Promise.all(tabs.map((tab) => tab.evaluate(() => window.localDb.open())));
    expect(opened.map((reply) => reply.vfs)).toEqual(["opfs", "opfs", "opfs"]);
    await tabs[2]!.evaluate(() => window.localDb.insertFeeds("third", 2));
    for (const tab of tabs) {
      expect(await tab.evaluate(() => window.localDb.query("SELECT id FROM feeds"))).toEqual([
        { id: "third-0" },
        { id: "third-1" },
      ]);
    }
    expect(await first.evaluate(() => window.localDb.idbNames())).not.toContain("WA_SQLITE");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a tab opening while another holds a long transaction waits for it, then opens the same file", async () => {
    const { page: tabA, context, errors } = await openPage(browser);
    const tabB = await context.newPage();
    await Promise.all([load(tabA), load(tabB)]);
    await tabA.evaluate(() => window.localDb.open());
    const busy = tabA.evaluate(() => window.localDb.holdTransaction("held", 1_500));
    const opened = await tabB.evaluate(() => window.localDb.openWithReason());
    await busy;
    expect(opened).toEqual({ vfs: "opfs", reason: "another tab has it open in OPFS" });
    expect(await tabB.evaluate(() => window.localDb.query("SELECT id FROM feeds"))).toEqual([
      { id: "held" },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("while OPFS refuses the file, two tabs opened at once wait and never open a second database", async () => {
    const { page: tabA, context } = await openPage(browser);
    const tabB = await context.newPage();
    const tabC = await context.newPage();
    await Promise.all([load(tabA), load(tabB), load(tabC)]);
    await tabA.evaluate(() => window.localDb.open());
    await tabA.evaluate(() => window.localDb.insertFeeds("kept", 3));
    await tabA.evaluate(() => window.localDb.close());
    // Something outside the hand-over holds the file: every open of it is refused.
    await tabA.evaluate(() => window.localDb.holdFile());

    const openings = [tabB, tabC].map((tab) => tab.evaluate(() => window.localDb.openWithReason()));
    // One of them retries under the set-up lock; the other waits for that lock.
    const waits = async () =>
      (await tabB.evaluate(() => window.localDb.waits.length)) +
      (await tabC.evaluate(() => window.localDb.waits.length));
    await expect.poll(waits, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    expect(await tabB.evaluate(() => window.localDb.idbNames())).not.toContain("WA_SQLITE");
    await tabA.evaluate(() => window.localDb.releaseFile());

    // The first in says where the file is; the second finds the first holding it there.
    expect((await Promise.all(openings)).map((opened) => opened.reason).sort()).toEqual([
      "another tab has it open in OPFS",
      "it is stored in OPFS",
    ]);
    for (const opening of openings) expect((await opening).vfs).toBe("opfs");
    for (const tab of [tabB, tabC]) {
      expect(await tab.evaluate(() => window.localDb.query("SELECT id FROM feeds"))).toHaveLength(
        3,
      );
    }
    // One file: a row written in one tab is there in the other.
    await tabC.evaluate(() => window.localDb.insertFeeds("after", 1));
    expect(await tabB.evaluate(() => window.localDb.query("SELECT id FROM feeds"))).toHaveLength(4);
    expect(await tabC.evaluate(() => window.localDb.idbNames())).not.toContain("WA_SQLITE");
    await context.close();
  });

  it("a new profile whose OPFS refuses goes to IndexedDB once, and every later tab follows it", async () => {
    const { page: tabA, context } = await openPage(browser);
    const tabB = await context.newPage();
    await Promise.all([load(tabA), load(tabB)]);
    await tabA.evaluate(() => window.localDb.holdFile());
    expect(await tabB.evaluate(() => window.localDb.openWithReason())).toEqual({
      vfs: "idb",
      reason: "OPFS failed for a new database",
    });
    await tabB.evaluate(() => window.localDb.insertFeeds("fallback", 1));
    await tabA.evaluate(() => window.localDb.releaseFile());
    // OPFS works again, but the profile's database is in IndexedDB, open in tab B.
    expect(await tabA.evaluate(() => window.localDb.openWithReason())).toEqual({
      vfs: "idb",
      reason: "another tab has it open in IndexedDB",
    });
    expect(await tabA.evaluate(() => window.localDb.query("SELECT id FROM feeds"))).toEqual([
      { id: "fallback-0" },
    ]);
    await context.close();
  });
});
