import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedServer } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import type { PageWatch } from "./support/browser.ts";
import { quickAdd, recentFeed, signUp, timelineIds, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/** The reader without a mouse: quick add, timeline keys, entry actions, the palette. */
describe("the reader by keyboard alone (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let watch: PageWatch;
  let page: Page;
  let world: ReaderWorld;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve("/keys.xml", recentFeed("Keyboard Feed", "keys", 5));
      feeds.serve("/pair.xml", recentFeed("Pair Feed", "pair", 2));
    });
    ({ server, feeds, watch, page } = world);
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  const entryId = () => new URL(page.url()).pathname.split("/")[4];
  const view = () => page.getByTestId("entry-view");

  it("subscribes with Alt+N (Ctrl+N is the browser's new window), typing the URL and Enter", async () => {
    await page.keyboard.press("Alt+KeyN");
    await page.getByTestId("quick-add-url").waitFor();
    await page.keyboard.type(feeds.url("/keys.xml"));
    await page.keyboard.press("Enter");
    // Done, the dialog offers "Open feed" with the focus on it.
    const open = page.getByTestId("quick-add-open");
    await open.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => open.evaluate((button) => button === document.activeElement))
      .toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await timelineIds(page)).length).toBe(5);
  });

  it("walks the timeline with J and K, opening entries (marked read)", async () => {
    const ids = await timelineIds(page);
    await page.keyboard.press("j");
    await expect.poll(entryId).toBe(ids[0]);
    await page.keyboard.press("j");
    await expect.poll(entryId).toBe(ids[1]);
    await page.keyboard.press("k");
    await expect.poll(entryId).toBe(ids[0]);
    await expect.poll(() => view().getAttribute("data-read")).toBe("1");
  });

  it("toggles read with M and star with S in the entry", async () => {
    await page.keyboard.press("m");
    await expect.poll(() => view().getAttribute("data-read")).toBe("0");
    await page.keyboard.press("m");
    await expect.poll(() => view().getAttribute("data-read")).toBe("1");
    await page.keyboard.press("s");
    await expect.poll(() => view().getAttribute("data-starred")).toBe("1");
    await page.keyboard.press("s");
    await expect.poll(() => view().getAttribute("data-starred")).toBe("0");
  });

  it("runs a command from the palette: star the open entry", async () => {
    await page.keyboard.press("Control+K");
    await page.getByTestId("palette-input").waitFor();
    await page.keyboard.type("Star");
    await page.keyboard.press("Enter");
    await expect.poll(() => view().getAttribute("data-starred")).toBe("1");
    await waitForSynced(page);
    const starred = await page.request.post(`${server.localUrl}/api/entries`, {
      data: { isCollection: true },
      headers: { origin: server.localUrl },
    });
    const items = ((await starred.json()) as { data: { entries: { id: string } }[] }).data;
    expect(items.map((item) => item.entries.id)).toEqual([entryId()]);
  });

  it("moves between entries with N and Shift+N, and switches views with the number keys", async () => {
    const ids = await timelineIds(page);
    const at = ids.indexOf(entryId()!);
    await page.keyboard.press("n");
    await expect.poll(entryId).toBe(ids[at + 1]);
    await page.keyboard.press("Shift+N");
    await expect.poll(entryId).toBe(ids[at]);
    // Alt+1 makes the subscription column the focused area: its keys win there.
    await page.keyboard.press("Alt+1");
    await page.keyboard.press("3");
    await page.waitForURL(/\/timeline\/view-2\/all\/pending$/);
    await page.keyboard.press("1");
    await page.waitForURL(/\/timeline\/view-0\/all\/pending$/);
    expect(watch.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it("moves the feeds of a selection to a folder from the palette (subscriptions.batchEdit)", async () => {
    await quickAdd(page, feeds.url("/pair.xml"), { open: false });
    const subscriptions = async () => {
      const answer = await page.request.get(`${server.localUrl}/api/subscriptions`);
      return ((await answer.json()) as { data: { feedId: string; category: string | null }[] })
        .data;
    };
    const ids = (await subscriptions()).map((s) => s.feedId);
    expect(ids).toHaveLength(2);
    await page.goto(`${server.localUrl}/timeline/view-0/${ids.join(",")}/pending`);
    await page.getByTestId("app-shell").waitFor();
    await expect.poll(async () => (await timelineIds(page)).length).toBeGreaterThan(0);
    await page.keyboard.press("Control+K");
    await page.getByTestId("palette-input").waitFor();
    await page.keyboard.type("Edit selected");
    await page.locator('[data-testid="palette-item"][data-id="subscriptions.batchEdit"]').click();
    const dialog = page.getByTestId("batch-edit-dialog");
    await dialog.getByTestId("batch-edit-category").fill("Pair");
    await dialog.getByTestId("batch-edit-save").click();
    await page.getByTestId("folder-Pair").waitFor();
    await waitForSynced(page);
    expect((await subscriptions()).map((s) => s.category)).toEqual(["Pair", "Pair"]);
  });

  it("a different user signing in on this browser sees none of the previous user's data", async () => {
    await expect
      .poll(() => page.getByTestId("subscription-list").textContent())
      .toContain("Keyboard Feed");
    await page.getByTestId("sign-out").click();
    await page.waitForURL(/\/login/);
    await signUp(page, server.localUrl);
    await expect
      .poll(() => page.getByTestId("subscription-list").textContent())
      .not.toContain("Keyboard Feed");
    expect(await page.getByTestId("view-tab-0").getAttribute("data-unread")).toBe("0");
    const stored = await page.evaluate(async () => {
      const rows = await window.__followReader!.db.query("SELECT COUNT(*) AS n FROM entries");
      return Number(rows[0]?.n);
    });
    expect(stored).toBe(0);
  });
});
