import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { quickAdd, recentFeed, signUp, timelineIds } from "./support/reader.ts";

describe("global search, end to end (Chromium, real server)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let browser: Browser;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve("/tech.xml", recentFeed("Tech Blog", "tech", 6));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await feeds?.stop();
  });

  it("searches, opens a result with the hit marked, and answers from the device offline", async () => {
    const { page, context, errors } = await openPage(browser);
    const base = server.localUrl;
    await signUp(page, base);
    await quickAdd(page, feeds.url("/tech.xml"));
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 20_000 }).toBe(6);

    // The shortcut opens search; the server answers, grouped and marked.
    await page.getByTestId("timeline-view").click();
    await page.keyboard.press("/");
    const dialog = page.getByTestId("search-dialog");
    await dialog.getByTestId("search-input").fill('"item 3"');
    const answered = dialog.getByTestId("search-answered-by");
    await expect.poll(() => answered.getAttribute("data-mode"), { timeout: 10_000 }).toBe("server");
    const results = dialog.getByTestId("search-entry-result");
    await expect.poll(() => results.count()).toBe(1);
    // Title and snippet each mark the phrase's words.
    expect(await results.first().locator("mark").allTextContents()).toEqual([
      "item",
      "3",
      "item",
      "3",
    ]);

    // Enter opens it; the entry pane marks the search's terms in the content.
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await page.waitForURL(/\/timeline\/view-0\/\d+\/\d+$/);
    await expect
      .poll(() => page.getByTestId("entry-title").textContent(), { timeout: 10_000 })
      .toBe("Tech Blog item 3");
    await expect
      .poll(
        async () =>
          Number((await page.getByTestId("entry-content").getAttribute("data-search-hits")) ?? 0),
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(2);

    // Bad syntax: the reason, not a crash.
    await page.getByTestId("search-button").click();
    await dialog.getByTestId("search-input").fill('"unclosed');
    await expect
      .poll(() => dialog.getByTestId("search-error").textContent(), { timeout: 10_000 })
      .toContain("never closed");

    // Offline: the device's own index answers, and says so.
    await page.keyboard.press("Escape");
    await context.setOffline(true);
    await page.locator('[data-testid="sync-indicator"][data-state="offline"]').waitFor();
    await page.getByTestId("search-button").click();
    await dialog.getByTestId("search-input").fill("item 5");
    await expect.poll(() => answered.getAttribute("data-mode"), { timeout: 10_000 }).toBe("local");
    await expect.poll(() => results.count()).toBe(1);
    expect(await results.first().textContent()).toContain("Tech Blog item 5");
    await expect.poll(() => dialog.getByTestId("search-feed-result").count()).toBe(0);
    await dialog.getByTestId("search-input").fill("tech blog");
    await expect.poll(() => dialog.getByTestId("search-feed-result").count()).toBe(1);

    // Local mode chosen by hand while online.
    await page.keyboard.press("Escape");
    await context.setOffline(false);
    await page.getByTestId("search-button").click();
    await dialog.getByTestId("search-mode").selectOption("local");
    await dialog.getByTestId("search-input").fill("item 2");
    await expect.poll(() => answered.getAttribute("data-mode"), { timeout: 10_000 }).toBe("local");
    expect(
      errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
    ).toEqual([]);
  });
});
