import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server.ts";
import type { PageWatch } from "./support/browser.ts";
import { serveMediaFeed } from "./support/media-feeds.ts";
import { openEntry, quickAdd, setSettings, signUp, timelineIds } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/** Each view's own layout, with fixture entries subscribed in that view. */
describe("timeline views (Chromium, real server, media fixtures)", () => {
  let server: TestServer;
  let watch: PageWatch;
  let page: Page;
  let world: ReaderWorld;
  const urls: Record<string, string> = {};

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      const kinds = [
        "articles",
        "pictures",
        "videos",
        "audios",
        "social",
        "notifications",
      ] as const;
      for (const kind of kinds) {
        urls[kind] = serveMediaFeed(feeds, kind, 12);
      }
    });
    ({ server, watch, page } = world);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  const scroll = () => page.getByTestId("timeline-scroll");
  /** The appearance setting "thumbnails at their original ratio", then a reload to apply it. */
  const showOriginalRatios = async () => {
    await setSettings(page, "appearance", { thumbnailRatio: "original" });
    await page.getByTestId("timeline-list").waitFor();
  };

  it("Articles: fixed rows with title, excerpt, feed, time and a thumbnail in the set ratio", async () => {
    const feedId = await quickAdd(page, urls.articles!, { view: 0 });
    await page.waitForURL(new RegExp(`/timeline/view-0/${feedId}/pending$`));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(12);
    expect(await scroll().getAttribute("data-layout")).toBe("list");
    const row = page.getByTestId("timeline-item").first();
    // A row stands for its entry at once; its card comes from the next read of follow.db.
    // The newest entry: number 1 (not 10, 11 or 12).
    await expect.poll(() => row.textContent()).toMatch(/articles 1(?!\d)/);
    expect(await row.textContent()).toMatch(/articles post number 1(?!\d)/);
    expect(await row.textContent()).toContain("articles feed");
    expect(await row.locator("time").count()).toBeGreaterThan(0);
    const heights = await page
      .getByTestId("timeline-item")
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().height)));
    expect(new Set(heights)).toEqual(new Set([100]));
    const size = () =>
      row
        .getByTestId("entry-thumbnail")
        .evaluate((image) => [image.clientWidth, image.clientHeight].join("x"));
    // Square by default; the original ratio (400x200) once the appearance setting says so.
    expect(await size()).toBe("64x64");
    await showOriginalRatios();
    await expect.poll(size, { timeout: 15_000 }).toBe("80x40");
  });

  it("Pictures: a masonry of lanes with each picture at its ratio", async () => {
    const feedId = await quickAdd(page, urls.pictures!, { view: 2 });
    await page.waitForURL(new RegExp(`/timeline/view-2/${feedId}/pending$`));
    // Tiles keep each picture's ratio with this setting (square by default).
    await showOriginalRatios();
    await expect.poll(async () => (await timelineIds(page)).length).toBe(12);
    expect(await scroll().getAttribute("data-layout")).toBe("masonry");
    const lanes = Number(await scroll().getAttribute("data-lanes"));
    expect(lanes).toBeGreaterThanOrEqual(3);
    const measure = () =>
      page.getByTestId("timeline-item").evaluateAll((items) =>
        items.map((item) => {
          const rect = item.getBoundingClientRect();
          return { left: Math.round(rect.left), height: Math.round(rect.height) };
        }),
      );
    const distinctHeights = async () =>
      [...new Set((await measure()).map((b) => b.height))].sort((a, b) => a - b);
    // 400x300 and 400x600 pictures: two tile heights, the tall ones twice the short ones.
    // A tile takes its ratio once the row's measurement settles, so the count is waited for.
    await expect.poll(async () => (await distinctHeights()).length, { timeout: 10_000 }).toBe(2);
    const boxes = await measure();
    expect(new Set(boxes.map((b) => b.left)).size).toBe(lanes);
    const heights = await distinctHeights();
    expect(heights[1]! / heights[0]!).toBeGreaterThan(1.6);
    await expect.poll(() => page.getByTestId("picture-image").count()).toBe(12);
    expect(await page.getByTestId("view-tab-2").getAttribute("data-unread")).toBe("12");

    // An entry opens over the grid with its pictures.
    const first = (await timelineIds(page))[0]!;
    await openEntry(page, first);
    await page.getByTestId("entry-media").locator("img").first().waitFor();
    await page.getByTestId("entry-close").click();
  });

  it("Videos: a grid of posters with durations; mp4 plays inline", async () => {
    const feedId = await quickAdd(page, urls.videos!, { view: 3 });
    await page.waitForURL(new RegExp(`/timeline/view-3/${feedId}/pending$`));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(12);
    expect(await scroll().getAttribute("data-layout")).toBe("grid");
    expect(Number(await scroll().getAttribute("data-lanes"))).toBeGreaterThanOrEqual(2);
    const card = page.getByTestId("video-card").first();
    await card.getByTestId("video-poster").waitFor();
    expect(await card.getByTestId("video-duration").textContent()).toBe("1:01");
    await card.getByTestId("video-play").click();
    const video = card.getByTestId("video-inline");
    await video.waitFor();
    expect(await video.getAttribute("src")).toMatch(/\/videos\/clip-\d+\.mp4$/);
    // Another video goes to the corner player, which keeps it while the user browses.
    const second = page.getByTestId("video-card").nth(1);
    await second.getByTestId("video-play-corner").click();
    await expect
      .poll(() => page.evaluate(() => window.__followPlayer?.getState()))
      .toMatchObject({ kind: "video", src: expect.stringMatching(/\/videos\/clip-\d+\.mp4$/) });
    await page.getByTestId("view-tab-0").click();
    expect(await page.evaluate(() => window.__followPlayer?.getState().kind)).toBe("video");
  });

  it("Audios: a list with play buttons into the player and durations", async () => {
    const feedId = await quickAdd(page, urls.audios!, { view: 4 });
    await page.waitForURL(new RegExp(`/timeline/view-4/${feedId}/pending$`));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(12);
    expect(await scroll().getAttribute("data-layout")).toBe("list");
    const row = page.getByTestId("audio-row").first();
    expect(await row.getByTestId("audio-duration").textContent()).toContain("12:34");
    const play = row.getByTestId("audio-play");
    expect(await play.getAttribute("aria-label")).toMatch(/^Play audios \d+$/);
    await play.click();
    // The corner player (src/player) took it; the empty fixture file itself cannot play.
    await expect
      .poll(() => page.evaluate(() => window.__followPlayer?.getState().src))
      .toMatch(/\/audios\/episode-\d+\.mp3$/);
  });

  it("Social media: authors, full text and pictures", async () => {
    const feedId = await quickAdd(page, urls.social!, { view: 1 });
    await page.waitForURL(new RegExp(`/timeline/view-1/${feedId}/pending$`));
    // Tall rows: only those near the viewport are in the DOM; the list knows all twelve.
    await expect
      .poll(() => page.getByTestId("timeline-list").getAttribute("data-count"))
      .toBe("12");
    const author = page.getByTestId("social-author").first();
    expect(await author.textContent()).toMatch(/^poster\d+$/);
    await page.getByTestId("social-media").first().locator("img").waitFor();
    // Rows are measured with their pictures: taller than the 140 px estimate...
    await expect
      .poll(() =>
        page
          .getByTestId("timeline-item")
          .evaluateAll((items) => Math.min(...items.map((i) => i.getBoundingClientRect().height))),
      )
      .toBeGreaterThan(200);
    // ...so on a short window the virtualizer leaves the rows past the overscan out of the DOM.
    await page.setViewportSize({ width: 1440, height: 500 });
    try {
      await expect.poll(() => page.getByTestId("timeline-item").count()).toBeLessThan(12);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it("Notifications: one compact line per entry, grouped by day", async () => {
    const feedId = await quickAdd(page, urls.notifications!, { view: 5 });
    await page.waitForURL(new RegExp(`/timeline/view-5/${feedId}/pending$`));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(12);
    const heights = await page
      .getByTestId("timeline-item")
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().height)));
    expect(Math.max(...heights)).toBeLessThanOrEqual(44);
    expect(await page.getByTestId("timeline-day").count()).toBeGreaterThanOrEqual(1);
  });

  it("each view tab counts only its own unread entries", async () => {
    for (const view of [0, 1, 2, 3, 4, 5]) {
      const unread = Number(await page.getByTestId(`view-tab-${view}`).getAttribute("data-unread"));
      expect(unread, `view ${view}`).toBeGreaterThan(0);
      expect(unread, `view ${view}`).toBeLessThanOrEqual(12);
    }
    expect(watch.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
