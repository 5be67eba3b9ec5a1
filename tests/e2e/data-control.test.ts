import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import {
  openEntry,
  quickAdd,
  setGeneralSettings,
  signUp,
  timelineIds,
  waitForSynced,
} from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/** Settings › Data Control: export follow.db, and reset it (pending changes are dropped). */
describe("data control (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let page: Page;
  let world: ReaderWorld;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      const items = [1, 2, 3].map((i) => ({
        guid: `data-${i}`,
        title: `Data entry ${i}`,
        date: new Date(Date.now() - i * 3_600_000),
      }));
      feeds.serve("/data.xml", rssFeed("Data Feed", items));
    });
    ({ server, feeds, page } = world);
    await signUp(page, server.localUrl);
    // Only the reset may change what is read: no marks from the pointer or from scrolling.
    await setGeneralSettings(page, { hoverMarkUnread: false, scrollMarkUnread: false });
    await page.getByTestId("timeline-column").waitFor();
  });
  afterAll(() => world?.close());

  const unreadOfArticles = () => page.getByTestId("view-tab-0").getAttribute("data-unread");

  it("exports the local database as follow.db, a SQLite file", async () => {
    await quickAdd(page, feeds.url("/data.xml"));
    await waitForSynced(page);
    await page.goto(`${server.localUrl}/settings/data-control`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("export-database").click(),
    ]);
    expect(download.suggestedFilename()).toBe("follow.db");
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\u0000");
    expect(bytes.length).toBeGreaterThan(4096);
    await expect
      .poll(() => page.getByTestId("export-database-status").textContent())
      .toContain("follow.db");
  });

  it("resets the local database: the unsynced change is gone, the server's data comes back", async () => {
    await page.goto(`${server.localUrl}/timeline/view-0/all/pending`);
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 20_000 }).toBe(3);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 20_000,
    });
    await waitForSynced(page);
    expect(await unreadOfArticles()).toBe("3");
    // Offline, one entry read: a change that only this browser knows.
    await page.context().setOffline(true);
    await page.locator('[data-testid="sync-indicator"][data-state="offline"]').waitFor();
    const [first] = await timelineIds(page);
    await openEntry(page, first!);
    await expect.poll(unreadOfArticles).toBe("2");

    await page.getByTestId("entry-close").click();
    // Through the app, not by loading a new document: a page that loads while offline is
    // emulated can send its first requests before the emulation reaches it, and the pending
    // read mark then reaches the server (the failure this test used to show in CI).
    await page.getByTestId("nav-settings").click();
    await page.getByTestId("settings-nav-data-control").click();
    await page.getByTestId("settings-page-data-control").waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId("reset-database-status").textContent()).toContain("1");
    // The app's own dialog asks (not the browser's confirm()), naming the unsynced change.
    await page.getByTestId("reset-database").click();
    const dialog = page.getByTestId("reset-database-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("1 change not yet synced");
    await Promise.all([
      page.waitForEvent("load"),
      page.getByTestId("reset-database-dialog-confirm").click(),
    ]);

    // Still offline after the reload: nothing local any more.
    await page.goto(`${server.localUrl}/timeline/view-0/all/pending`).catch(() => undefined);
    await page.getByTestId("timeline-page").waitFor({ timeout: 20_000 });
    expect(await timelineIds(page)).toEqual([]);
    await page.locator('[data-testid="sync-indicator"][data-pending="0"]').waitFor();

    // Online: everything comes back from the server, the dropped read mark with it.
    await page.context().setOffline(false);
    await waitForSynced(page);
    // A read mark that reached the server would explain one entry too few: name it if so.
    const readWrites = () =>
      server.logs.filter((line) => line.method === "POST" && line.path === "/api/reads").length;
    await expect
      .poll(async () => (await timelineIds(page)).length, {
        timeout: 20_000,
        message: `timeline rows after the reset (read marks the server received: ${readWrites()})`,
      })
      .toBe(3);
    await expect
      .poll(unreadOfArticles, { timeout: 20_000, message: `unread (marks sent: ${readWrites()})` })
      .toBe("3");
  });
});
