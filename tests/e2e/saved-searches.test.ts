import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { quickAdd, recentFeed, signUp, timelineIds, waitForSynced } from "./support/reader.ts";

describe("saved searches, end to end (Chromium, real server)", () => {
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

  it("saves a search, opens it as a timeline from the sidebar, renames and deletes it", async () => {
    const { page, errors } = await openPage(browser);
    await signUp(page, server.localUrl);
    await quickAdd(page, feeds.url("/tech.xml"));
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 20_000 }).toBe(6);

    // Save a query from the search dialog: it opens as a timeline of its matches.
    await page.getByTestId("search-button").click();
    const dialog = page.getByTestId("search-dialog");
    await dialog.getByTestId("search-input").fill("item -3");
    await expect.poll(() => dialog.getByTestId("search-entry-result").count()).toBe(5);
    await dialog.getByTestId("search-save").click();
    await dialog.waitFor({ state: "hidden" });
    await page.waitForURL(/\/timeline\/view-0\/search-\d+\/pending$/);
    const searchId = /search-(\d+)/.exec(page.url())![1]!;
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 10_000 }).toBe(5);
    await expect.poll(() => page.getByTestId("timeline-feed").textContent()).toBe("item -3");

    // Listed in the sidebar, marked as the open timeline.
    const row = page.getByTestId(`saved-search-${searchId}`);
    const link = row.getByTestId("saved-search-link");
    expect(await link.textContent()).toBe("item -3");
    expect(await link.getAttribute("aria-current")).toBe("page");

    // Renamed from its menu; the name is the server's after a reload.
    await page.getByTestId(`saved-search-${searchId}-menu`).click();
    await page.getByTestId(`saved-search-${searchId}-menu-content`).waitFor();
    await page.getByTestId("saved-search-rename").click();
    await page.getByTestId("rename-saved-search-input").fill("Not three");
    await page.getByTestId("rename-saved-search-save").click();
    await expect.poll(() => link.textContent()).toBe("Not three");
    await waitForSynced(page);
    await page.reload();
    await expect.poll(() => link.textContent(), { timeout: 20_000 }).toBe("Not three");
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 10_000 }).toBe(5);

    // Another timeline, then back through the sidebar.
    await page.getByTestId("timeline-view").waitFor();
    await page.goto(`${server.localUrl}/timeline/view-0/all/pending`);
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 20_000 }).toBe(6);
    await link.click();
    await page.waitForURL(new RegExp(`/search-${searchId}/pending$`));
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 10_000 }).toBe(5);

    // Deleted after confirming: gone here, and from the server.
    await page.getByTestId(`saved-search-${searchId}-menu`).click();
    await page.getByTestId("saved-search-delete").click();
    await page.getByTestId("delete-saved-search-confirm").click();
    await row.waitFor({ state: "detached" });
    await waitForSynced(page);
    const left = await page.evaluate(async () => {
      const response = await fetch("/api/search/saved", { credentials: "include" });
      return ((await response.json()) as { data: unknown[] }).data.length;
    });
    expect(left).toBe(0);
    expect(errors).toEqual([]);
  });
});
