import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { openEntry, quickAdd, recentFeed, signUp, timelineIds } from "./support/reader.ts";

interface ListItem {
  entries: { id: string };
}

/** Three tabs of one browser profile: one follow.db, one outbox, every tab sees every change. */
describe("tabs of the reader (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let browser: Browser;
  let context: BrowserContext;
  let tabs: Page[];
  /** The entry starred by the first test. */
  let firstStar: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve("/tabs.xml", recentFeed("Tab Feed", "tabs", 4));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    browser = await launchBrowser();
    context = (await openPage(browser)).context;
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

  /** The tab's sync indicator says no command is left to send. */
  const outboxEmpty = (page: Page) =>
    expect
      .poll(() => page.getByTestId("sync-indicator").getAttribute("data-pending"), {
        timeout: 20_000,
      })
      .toBe("0");

  const starCount = (page: Page) => page.getByTestId("subscription-collections").textContent();

  it("three tabs opened at once share one database: a star in one shows in the others", async () => {
    const [setup] = context.pages();
    await signUp(setup!, server.localUrl);
    await quickAdd(setup!, feeds.url("/tabs.xml"));
    await expect.poll(async () => (await timelineIds(setup!)).length).toBe(4);
    await setup!.close();

    const url = `${server.localUrl}/timeline/view-0/all/pending`;
    tabs = await Promise.all([0, 1, 2].map(() => context.newPage()));
    await Promise.all(tabs.map((tab) => tab.goto(url)));
    for (const tab of tabs) {
      await expect.poll(async () => (await timelineIds(tab)).length, { timeout: 30_000 }).toBe(4);
    }
    const storage = await Promise.all(
      tabs.map((tab) =>
        tab.evaluate(() => {
          const db = window.__followReader?.db as { vfs?: string } | undefined;
          return db?.vfs;
        }),
      ),
    );
    expect(storage).toEqual(["opfs", "opfs", "opfs"]);

    const ids = await timelineIds(tabs[2]!);
    firstStar = ids[0]!;
    await openEntry(tabs[2]!, ids[0]!);
    // The starring tab passes its live query results to the others (src/db/shared-results.ts).
    await tabs[0]!.evaluate(() => {
      const heard: string[] = [];
      (window as unknown as { sharedHeard: string[] }).sharedHeard = heard;
      new BroadcastChannel("follow-db-results").onmessage = (event) =>
        heard.push(`${event.data.commit} ${event.data.key}`);
    });
    await tabs[2]!.getByTestId("entry-toggle-star").click();
    // The other tabs hear of it through the shared database, before any server round trip
    // (how fast is measured by `npm run bench -- live-sync`, not here: the machine is shared).
    for (const tab of tabs) {
      await expect.poll(() => starCount(tab), { timeout: 20_000 }).toContain("1");
    }
    const sharedStarCount = () =>
      tabs[0]!.evaluate(() =>
        (window as unknown as { sharedHeard: string[] }).sharedHeard.some((heard) =>
          /from "collections"/.test(heard),
        ),
      );
    await expect.poll(sharedStarCount, { timeout: 20_000 }).toBe(true);
    await expect.poll(() => starredOnServer(tabs[0]!), { timeout: 20_000 }).toEqual([ids[0]]);
    for (const tab of tabs) await outboxEmpty(tab);
  });

  it("closing the pushing tab mid-request: another tab sends the command, applied once", async () => {
    // The first attempt reaches the server, but its answer never comes back to the tab that
    // sent it: the leader, whichever of the three won the lock.
    let pusher: Page | undefined;
    const applied: string[] = [];
    await context.route("**/api/collections", async (route) => {
      if (route.request().method() !== "POST" || pusher) return route.fallback();
      const answer = await route.fetch();
      applied.push(answer.headers()["idempotent-replayed"] ?? "first");
      pusher = route.request().frame().page();
    });
    const replays: string[] = [];
    for (const tab of tabs) {
      tab.on("response", (response) => {
        const request = response.request();
        if (request.method() === "POST" && request.url().endsWith("/api/collections")) {
          replays.push(response.headers()["idempotent-replayed"] ?? "first");
        }
      });
    }
    const second = (await timelineIds(tabs[1]!)).find((id) => id !== firstStar)!;
    await openEntry(tabs[1]!, second);
    await tabs[1]!.getByTestId("entry-toggle-star").click();
    await expect.poll(() => applied, { timeout: 20_000 }).toEqual(["first"]);

    // The leader goes with its request in flight; the command waits in the shared outbox.
    await pusher!.close();
    const left = tabs.filter((tab) => tab !== pusher);
    await expect.poll(() => replays, { timeout: 30_000 }).toEqual(["true"]);
    await context.unroute("**/api/collections");
    expect(await starredOnServer(left[0]!)).toEqual([firstStar, second].sort());
    for (const tab of left) await outboxEmpty(tab);
  });
});
