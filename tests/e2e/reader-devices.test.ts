import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { openEntry, quickAdd, recentFeed, signIn, signUp, timelineIds } from "./support/reader.ts";

/** Two browser profiles of one account (two devices): a change on one shows on the other. */
describe("two devices of one reader, live (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let browser: Browser;
  let deviceA: PageWatch;
  let deviceB: PageWatch;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve("/devices.xml", recentFeed("Device Feed", "devices", 3));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    browser = await launchBrowser();
    [deviceA, deviceB] = await Promise.all([openPage(browser), openPage(browser)]);
  });
  afterAll(async () => {
    await deviceA?.context.close();
    await deviceB?.context.close();
    await browser?.close();
    await server?.close();
    await feeds?.stop();
  });

  const live = (page: Page) =>
    page.getByTestId("sync-indicator").getAttribute("data-live", { timeout: 5_000 });

  it("a subscription and a star made on A appear on B without a reload", async () => {
    const a = deviceA.page;
    const b = deviceB.page;
    const email = await signUp(a, server.localUrl);
    await signIn(b, server.localUrl, email);
    await expect.poll(() => live(b), { timeout: 30_000 }).toBe("true");

    await quickAdd(a, feeds.url("/devices.xml"));
    await expect
      .poll(() => b.getByTestId("subscription-list").textContent(), { timeout: 30_000 })
      .toContain("Device Feed");

    // The feed's page opens before its rows are drawn: wait for them.
    await expect.poll(async () => (await timelineIds(a)).length, { timeout: 15_000 }).toBe(3);
    const ids = await timelineIds(a);
    await openEntry(a, ids[0]!);
    await a.getByTestId("entry-toggle-star").click();
    await expect
      .poll(() => b.getByTestId("subscription-collections").textContent(), { timeout: 30_000 })
      .toContain("1");
    expect(deviceB.errors).toEqual([]);
  });

  it("new entries stored by the server reach B live, held above what B is reading", async () => {
    const a = deviceA.page;
    const b = deviceB.page;
    const items = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        guid: `long-${i}`,
        title: `Long Feed item ${i}`,
        date: new Date(Date.now() - (i + 1) * 3_600_000),
        html: `<p>${"A paragraph of the long feed. ".repeat(8)}</p>`,
      }));
    feeds.serve("/long.xml", rssFeed("Long Feed", items(40)));
    const feedId = await quickAdd(a, feeds.url("/long.xml"));
    const listed = () => b.getByTestId("timeline-list").getAttribute("data-count");
    await expect.poll(async () => Number(await listed()), { timeout: 15_000 }).toBeGreaterThan(40);

    // B reads further down; then the site publishes and the server stores the new entry.
    const scroller = b.getByTestId("timeline-scroll");
    // Until the list is laid out, there is nothing to scroll: try again until it holds.
    await expect
      .poll(
        async () => {
          await scroller.evaluate((element) => element.scrollTo({ top: 900 }));
          return scroller.evaluate((element) => element.scrollTop);
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(800);
    const firstShown = (await timelineIds(b))[0];
    feeds.serve(
      "/long.xml",
      rssFeed("Long Feed", [
        { guid: "long-fresh", title: "Long Feed fresh item", date: new Date(), html: "<p>New</p>" },
        ...items(40),
      ]),
    );
    const refreshed = await a.request.get(`${server.localUrl}/api/feeds/refresh?id=${feedId}`);
    expect(refreshed.status()).toBe(200);

    const pill = b.getByTestId("held-entries-pill");
    await expect
      .poll(() => pill.getAttribute("data-count", { timeout: 1_000 }).catch(() => null), {
        timeout: 30_000,
      })
      .toBe("1");
    expect(await scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(800);
    expect((await timelineIds(b))[0]).toBe(firstShown);
    const before = Number(await listed());
    await pill.click();
    await expect.poll(async () => Number(await listed())).toBe(before + 1);
    await expect
      .poll(() => b.getByTestId("timeline-item").first().textContent())
      .toContain("Long Feed fresh item");
    await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeLessThan(8);
  });
});
