import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import {
  openEntry,
  quickAdd,
  recentFeed,
  signUp,
  sitePage,
  timelineIds,
  waitForSynced,
} from "./support/reader.ts";

/** Every write the page sent with an Idempotency-Key: how often the server applied it. */
function watchWrites(page: Page) {
  const writes = new Map<string, { path: string; applied: number; replayed: number }>();
  page.on("response", (response) => {
    const key = response.request().headers()["idempotency-key"];
    if (!key) return;
    const seen = writes.get(key) ?? {
      path: new URL(response.url()).pathname,
      applied: 0,
      replayed: 0,
    };
    if (response.headers()["idempotent-replayed"]) seen.replayed += 1;
    else seen.applied += 1;
    writes.set(key, seen);
  });
  return writes;
}

async function api<T>(
  page: Page,
  base: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
) {
  const response = await page.request.fetch(`${base}/api${path}`, {
    method,
    data: body,
    headers: { origin: base },
  });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

interface ListItem {
  entries: { id: string; feedId: string };
  read: boolean;
  collections?: unknown;
}

describe("the reader, end to end (Chromium, real server, local feeds)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let browser: Browser;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve("/blog/", sitePage("Tech Blog", "/blog/feed.xml"), "text/html; charset=utf-8");
    feeds.serve("/blog/feed.xml", recentFeed("Tech Blog", "tech", 6));
    feeds.serve("/news.xml", recentFeed("Daily News", "news", 4));
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

  it("subscribes, reads and stars, works offline across a reload, and syncs each change once", async () => {
    const watch = await openPage(browser);
    const { page, context } = watch;
    const base = server.localUrl;
    const writes = watchWrites(page);
    await signUp(page, base);

    // No subscriptions yet: a welcome with quick add, not "All caught up".
    const empty = page.getByTestId("timeline-empty");
    await expect.poll(() => empty.getAttribute("data-empty"), { timeout: 20_000 }).toBe("welcome");
    await page.getByTestId("timeline-welcome-add").click();
    await page.getByTestId("quick-add-dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("quick-add-dialog").waitFor({ state: "hidden" });

    // Quick add by the site's URL, into a folder; its entries show in the Articles view.
    const techId = await quickAdd(page, feeds.url("/blog/"), { category: "Tech" });
    await page.waitForURL(new RegExp(`/timeline/view-0/${techId}/pending$`));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(6);
    expect(await page.getByTestId("timeline-view").getAttribute("data-view")).toBe("0");
    expect(await page.getByTestId("timeline-feed").textContent()).toBe("Tech Blog");
    await expect.poll(() => page.getByTestId("view-tab-0").getAttribute("data-unread")).toBe("6");
    expect(await page.getByTestId("view-tab-1").getAttribute("data-unread")).toBe("0");
    await page.getByTestId("folder-Tech").waitFor();

    // Open the newest entry: its content streams in; opening marks it read. Star it.
    const techIds = await timelineIds(page);
    const first = techIds[0]!;
    await openEntry(page, first);
    const view = page.getByTestId("entry-view");
    await expect.poll(() => view.getAttribute("data-read")).toBe("1");
    await expect
      .poll(() => page.getByTestId("entry-content").textContent(), { timeout: 10_000 })
      .toContain("Body of Tech Blog item 1");
    expect(await page.getByTestId("entry-title").textContent()).toBe("Tech Blog item 1");
    await page.getByTestId("entry-toggle-star").click();
    await expect.poll(() => view.getAttribute("data-starred")).toBe("1");
    await expect.poll(() => page.getByTestId("view-tab-0").getAttribute("data-unread")).toBe("5");

    // Mark the folder read from its menu.
    await page.getByTestId("folder-Tech-menu").click();
    await page.getByTestId("folder-Tech-menu-content").getByTestId("menu-mark-read").click();
    await expect.poll(() => page.getByTestId("view-tab-0").getAttribute("data-unread")).toBe("0");
    await waitForSynced(page);

    // A second feed, by its feed URL, outside any folder.
    const newsId = await quickAdd(page, feeds.url("/news.xml"));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(4);
    const news = await timelineIds(page);
    await waitForSynced(page);

    // Offline (the app shell is cached by the service worker by now).
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 20_000,
    });
    await context.setOffline(true);
    await page.locator('[data-testid="sync-indicator"][data-state="offline"]').waitFor();
    await openEntry(page, news[0]!);
    await page.getByTestId("entry-toggle-star").click();
    await expect.poll(() => view.getAttribute("data-starred")).toBe("1");
    await openEntry(page, news[1]!);
    await openEntry(page, news[2]!);
    await expect.poll(() => view.getAttribute("data-read")).toBe("1");
    await page.getByTestId("entry-toggle-read").click();
    await expect.poll(() => view.getAttribute("data-read")).toBe("0");
    await expect
      .poll(() => page.getByTestId("sync-indicator").getAttribute("data-pending"))
      .toBe("5");
    await page.getByTestId("entry-close").click();
    await page.waitForURL(new RegExp(`/timeline/view-0/${newsId}/pending$`));

    // Reload while offline: the same state, from the local database.
    await page.reload();
    await page.getByTestId("timeline-page").waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="sync-indicator"][data-state="offline"]').waitFor();
    await expect
      .poll(() => page.getByTestId("sync-indicator").getAttribute("data-pending"))
      .toBe("5");
    await expect.poll(() => timelineIds(page)).toEqual([news[2], news[3]]);
    const readFlag = (id: string) =>
      page
        .locator(`[data-testid="timeline-item"][data-entry-id="${id}"] [data-testid="entry-link"]`)
        .getAttribute("data-read");
    expect(await readFlag(news[2]!)).toBe("0");
    await expect
      .poll(() => page.getByTestId("subscription-collections").textContent())
      .toContain("2");

    // Back online: the queue drains.
    await context.setOffline(false);
    await waitForSynced(page);

    // The server has every change, each applied once.
    const newsItems = await api<ListItem[]>(page, base, "POST", "/entries", { feedId: newsId });
    const readById = Object.fromEntries(newsItems.map((item) => [item.entries.id, item.read]));
    expect(readById).toEqual({
      [news[0]!]: true,
      [news[1]!]: true,
      [news[2]!]: false,
      [news[3]!]: false,
    });
    const techItems = await api<ListItem[]>(page, base, "POST", "/entries", { feedId: techId });
    expect(techItems.map((item) => item.read)).toEqual(techIds.map(() => true));
    const starred = await api<ListItem[]>(page, base, "POST", "/entries", { isCollection: true });
    expect(starred.map((item) => item.entries.id).sort()).toEqual([first, news[0]!].sort());
    const unread = await api<Record<string, number>>(page, base, "GET", "/reads");
    expect(unread[newsId]).toBe(2);
    expect(unread[techId] ?? 0).toBe(0);
    expect(writes.size).toBeGreaterThanOrEqual(10);
    // Applied once: a key never applied twice, and answered at least once. (An answer lost as
    // the page went offline leaves only the retry's replayed answer for the page to see.)
    for (const [key, write] of writes) {
      expect(write.applied, `${write.path} ${key}`).toBeLessThanOrEqual(1);
      expect(write.applied + write.replayed, `${write.path} ${key}`).toBeGreaterThanOrEqual(1);
    }

    // The local store agrees after the pull.
    await expect.poll(() => timelineIds(page)).toEqual([news[2], news[3]]);
    expect(
      watch.errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
    ).toEqual([]);
    await context.close();
  });
});
