import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { openEntry, quickAdd, recentFeed, signUp, timelineIds } from "./support/reader.ts";

interface ListItem {
  entries: { id: string };
}

/** Two tabs on one follow.db: one pushes (the leader), both see every change. */
describe("two tabs of the reader (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let browser: Browser;
  let context: BrowserContext;
  let first: Page;
  let second: Page;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve("/tabs.xml", recentFeed("Tab Feed", "tabs", 4));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    browser = await launchBrowser();
    const watch = await openPage(browser);
    context = watch.context;
    first = watch.page;
    await signUp(first, server.localUrl);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await feeds?.stop();
  });

  async function starredOnServer(page: Page): Promise<string[]> {
    const response = await page.request.post(`${server.localUrl}/api/entries`, {
      data: { isCollection: true },
      headers: { origin: server.localUrl },
    });
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: ListItem[] };
    return data.map((item) => item.entries.id).sort();
  }

  it("a star in the second tab reaches the server once and shows in the first", async () => {
    await quickAdd(first, feeds.url("/tabs.xml"));
    await expect.poll(async () => (await timelineIds(first)).length).toBe(4);
    const ids = await timelineIds(first);

    second = await context.newPage();
    await second.goto(first.url());
    await expect.poll(async () => (await timelineIds(second)).length, { timeout: 30_000 }).toBe(4);
    await openEntry(second, ids[0]!);
    await second.getByTestId("entry-toggle-star").click();

    await expect.poll(() => starredOnServer(second), { timeout: 20_000 }).toEqual([ids[0]]);
    // The first tab hears of the change through the shared database: its starred count.
    await expect
      .poll(() => first.getByTestId("subscription-collections").textContent())
      .toContain("1");
  });

  it("closing the pushing tab hands the outbox to the other", async () => {
    const ids = await timelineIds(second);
    await first.close();
    await openEntry(second, ids[1]!);
    await second.getByTestId("entry-toggle-star").click();
    await expect
      .poll(() => starredOnServer(second), { timeout: 20_000 })
      .toEqual([ids[0], ids[1]].sort());
  });
});
