import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedServer } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import type { PageWatch } from "./support/browser.ts";
import {
  openEntry,
  quickAdd,
  recentFeed,
  signUp,
  sitePage,
  timelineIds,
  waitForSynced,
} from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const width = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => Math.round(element.getBoundingClientRect().width));
const visible = (page: Page, testId: string) => page.getByTestId(testId).first().isVisible();

/** Sets the general settings the way the settings store keeps them, then reloads. */
async function withGeneralSettings(
  page: Page,
  values: Record<string, unknown>,
  waitFor = "timeline-list",
) {
  await page.evaluate((patch) => {
    const key = "follow:settings:general";
    const stored = JSON.parse(localStorage.getItem(key) ?? "{}") as { values?: object };
    localStorage.setItem(
      key,
      JSON.stringify({ values: { ...stored.values, ...patch }, updated: Date.now() }),
    );
  }, values);
  await page.reload();
  await page.getByTestId(waitFor).waitFor();
}

const readFlag = (page: Page, id: string) =>
  page
    .locator(`[data-testid="timeline-item"][data-entry-id="${id}"] [data-testid="entry-link"]`)
    .getAttribute("data-read");

describe("layout and mark-as-read modes (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let watch: PageWatch;
  let page: Page;
  let world: ReaderWorld;
  let feedId = "";

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve("/long.xml", recentFeed("Long Feed", "long", 60));
      feeds.serve("/preview.xml", recentFeed("Preview Feed", "preview", 5));
      feeds.serve(
        "/preview/",
        sitePage("Preview Site", "/preview.xml"),
        "text/html; charset=utf-8",
      );
    });
    ({ server, feeds, watch, page } = world);
    await signUp(page, server.localUrl);
    // Conservative while setting up: nothing is read before the mode tests say so.
    await withGeneralSettings(
      page,
      { scrollMarkUnread: false, hoverMarkUnread: false },
      "timeline-column",
    );
  });
  afterAll(() => world?.close());

  it("subscribes to a feed of 60 entries", async () => {
    feedId = await quickAdd(page, feeds.url("/long.xml"));
    await expect
      .poll(() => page.getByTestId("timeline-list").getAttribute("data-count"))
      .toBe("60");
  });

  it("quick add previews a site's feed before subscribing, and knows the ones followed", async () => {
    await page.getByTestId("quick-add-button").click();
    const dialog = page.getByTestId("quick-add-dialog");
    await dialog.getByTestId("quick-add-url").fill(feeds.url("/preview/"));
    const preview = dialog.getByTestId("quick-add-preview");
    await preview.waitFor({ timeout: 30_000 });
    expect(await preview.getByTestId("quick-add-preview-title").textContent()).toBe("Preview Feed");
    expect(await preview.getByTestId("quick-add-preview-entry").allTextContents()).toEqual([
      expect.stringContaining("Preview Feed item 1"),
      expect.stringContaining("Preview Feed item 2"),
      expect.stringContaining("Preview Feed item 3"),
    ]);
    expect(await preview.getByTestId("quick-add-preview-following").count()).toBe(0);

    // A feed already followed says so.
    await dialog.getByTestId("quick-add-url").fill(feeds.url("/long.xml"));
    await dialog.getByTestId("quick-add-preview-following").waitFor({ timeout: 30_000 });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // Previewing subscribed to nothing.
    expect(await page.getByTestId("subscription-list").textContent()).not.toContain("Preview");
  });

  it("quick add shows the coded error when the URL has no feed, and undoes the subscription", async () => {
    await page.getByTestId("quick-add-button").click();
    const dialog = page.getByTestId("quick-add-dialog");
    await dialog.getByTestId("quick-add-url").fill(feeds.url("/no-such-feed.xml"));
    await dialog.getByTestId("quick-add-submit").click();
    const error = dialog.getByTestId("quick-add-error");
    await error.waitFor({ timeout: 30_000 });
    expect(await error.getAttribute("data-code")).toMatch(/^200[1-4]$/);
    expect(await error.textContent()).toMatch(/code 200[1-4]/);
    // The optimistic row is gone again, and a toast says the action was undone.
    await expect.poll(() => page.getByTestId("subscription-pending").count()).toBe(0);
    await page.locator("[data-sonner-toast]").filter({ hasText: "undone" }).first().waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("resizes both columns from the keyboard and remembers the widths", async () => {
    expect(await width(page, "#subscription-column")).toBe(256);
    expect(await width(page, "#timeline-column")).toBe(356);
    const feedHandle = page.getByTestId("resize-subscriptions");
    await feedHandle.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await feedHandle.getAttribute("aria-valuenow")).toBe("288");
    await page.getByTestId("resize-timeline").focus();
    await page.keyboard.press("Shift+ArrowRight");
    await page.reload();
    await page.getByTestId("timeline-list").waitFor();
    expect(await width(page, "#subscription-column")).toBe(288);
    expect(await width(page, "#timeline-column")).toBe(420);
    // And with the pointer: drag the timeline's handle back 64 px.
    const box = (await page.getByTestId("resize-timeline").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 64, box.y + 200, { steps: 4 });
    await page.mouse.up();
    expect(await width(page, "#timeline-column")).toBe(356);
  });

  it("zen mode shows the entry alone; wide mode widens its text", async () => {
    const [first] = await timelineIds(page);
    await openEntry(page, first!);
    await page.getByTestId("toggle-zen-mode").click();
    await expect.poll(() => visible(page, "subscription-column")).toBe(false);
    await expect.poll(() => visible(page, "timeline-column")).toBe(false);
    expect(await visible(page, "entry-view")).toBe(true);
    // The text keeps a reading width; wide mode lets it fill the pane.
    const text = page.getByTestId("entry-scroll").locator("> div");
    const textWidth = () => text.evaluate((element) => element.getBoundingClientRect().width);
    expect(await textWidth()).toBeLessThanOrEqual(768);
    await page.getByTestId("toggle-wide-mode").click();
    await expect.poll(textWidth).toBeGreaterThan(1000);
    await page.getByTestId("toggle-wide-mode").click();
    await page.getByTestId("toggle-zen-mode").click();
    await expect.poll(() => visible(page, "timeline-column")).toBe(true);
    expect(await visible(page, "subscription-column")).toBe(true);
    await page.getByTestId("entry-close").click();
  });

  it("under 1024 px shows one column at a time, with back navigation", async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => visible(page, "subscription-column")).toBe(false);
    expect(await visible(page, "timeline-column")).toBe(true);
    await page.getByTestId("timeline-back").click();
    await expect.poll(() => visible(page, "subscription-column")).toBe(true);
    expect(await visible(page, "timeline-column")).toBe(false);
    await page.getByTestId(`subscription-${feedId}`).click();
    await expect.poll(() => visible(page, "timeline-column")).toBe(true);
    const [, second] = await timelineIds(page);
    await openEntry(page, second!);
    expect(await visible(page, "timeline-column")).toBe(false);
    expect(await width(page, '[data-testid="entry-view"]')).toBe(800);
    await page.getByTestId("entry-close").click();
    await expect.poll(() => visible(page, "timeline-column")).toBe(true);
    expect(await visible(page, "entry-view")).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("conservative: neither hovering nor scrolling marks read; a click does", async () => {
    // The entry the last test opened is marked read a moment later: let that land (and sync)
    // before taking the unread rows, or it may be taken for one that is still unread.
    await waitForSynced(page);
    await page.waitForTimeout(300);
    const unread = await page
      .getByTestId("timeline-item")
      .evaluateAll((items) =>
        items
          .filter((item) => item.querySelector("[data-read='0']"))
          .map((item) => (item as HTMLElement).dataset.entryId!),
      );
    const row = page.locator(`[data-testid="timeline-item"][data-entry-id="${unread[2]}"]`);
    await row.hover();
    await page.waitForTimeout(1200);
    expect(await readFlag(page, unread[2]!)).toBe("0");
    await page.getByTestId("timeline-scroll").evaluate((element) => element.scrollBy(0, 600));
    await page.waitForTimeout(800);
    await page.getByTestId("timeline-scroll").evaluate((element) => element.scrollTo(0, 0));
    expect(await readFlag(page, unread[0]!)).toBe("0");
    await openEntry(page, unread[2]!);
    await expect.poll(() => readFlag(page, unread[2]!)).toBe("1");
    await page.getByTestId("entry-close").click();
  });

  it("balanced (the default): hovering a moment or scrolling past marks read", async () => {
    await withGeneralSettings(page, { scrollMarkUnread: true, hoverMarkUnread: true });
    const ids = await timelineIds(page);
    await page.locator(`[data-testid="timeline-item"][data-entry-id="${ids[2]}"]`).hover();
    await expect.poll(() => readFlag(page, ids[2]!), { timeout: 3000 }).toBe("1");
    await page.mouse.move(1200, 20);
    await page.getByTestId("timeline-scroll").evaluate((element) => element.scrollBy(0, 500));
    await page.waitForTimeout(800);
    await page.getByTestId("timeline-scroll").evaluate((element) => element.scrollTo(0, 0));
    // The first rows went past the top: read, and still listed (unread only keeps them).
    await expect.poll(() => readFlag(page, ids[0]!)).toBe("1");
    expect(await readFlag(page, ids[ids.length - 1]!)).toBe("0");
  });

  it("balanced: an entry marked unread by hand stays unread when hovered or scrolled past", async () => {
    await withGeneralSettings(page, { scrollMarkUnread: true, hoverMarkUnread: true });
    const ids = await timelineIds(page);
    const target = ids[1]!;
    await openEntry(page, target);
    await expect.poll(() => readFlag(page, target)).toBe("1");
    await page.getByTestId("entry-toggle-read").click();
    await expect.poll(() => readFlag(page, target)).toBe("0");
    await page.getByTestId("entry-close").click();
    await page.locator(`[data-testid="timeline-item"][data-entry-id="${target}"]`).hover();
    await page.waitForTimeout(1500);
    await page.mouse.move(1200, 20);
    await page.getByTestId("timeline-scroll").evaluate((element) => element.scrollBy(0, 500));
    await page.waitForTimeout(800);
    await page.getByTestId("timeline-scroll").evaluate((element) => element.scrollTo(0, 0));
    await page.waitForTimeout(800);
    expect(await readFlag(page, target)).toBe("0");
    // Opening it is reading it again.
    await openEntry(page, target);
    await expect.poll(() => readFlag(page, target)).toBe("1");
    await page.getByTestId("entry-close").click();
  });

  it("radical: what is displayed is read", async () => {
    await withGeneralSettings(page, {
      renderMarkUnread: true,
      scrollMarkUnread: false,
      hoverMarkUnread: false,
    });
    const ids = await timelineIds(page);
    await expect.poll(() => readFlag(page, ids[0]!), { timeout: 5000 }).toBe("1");
    const unread = Number(await page.getByTestId("timeline-unread").getAttribute("data-count"));
    expect(unread).toBeLessThan(60);
    expect(unread).toBeGreaterThan(20);
    expect(watch.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
