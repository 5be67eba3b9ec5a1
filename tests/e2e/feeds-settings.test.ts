import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedServer } from "../support/feed-server.ts";
import { TestClient } from "../support/http-client.ts";
import type { TestServer } from "../support/server.ts";
import { forgetLastCheck } from "../support/server-database.ts";
import { PASSWORD, quickAdd, recentFeed, signUp, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/** Settings › Feeds: find feeds, move several to a folder, unfollow several. */
describe("settings › feeds (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let page: Page;
  let world: ReaderWorld;
  let email: string;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve("/alpha.xml", recentFeed("Alpha Notes", "alpha", 2));
      feeds.serve("/beta.xml", recentFeed("Beta Notes", "beta", 2));
      feeds.serve("/gamma.xml", recentFeed("Gamma Log", "gamma", 2));
    });
    ({ server, feeds, page } = world);
    email = await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  async function serverSubscriptions() {
    const client = new TestClient(server.localUrl);
    await client.signIn(email, PASSWORD);
    return (
      (await client.request("GET", "/api/subscriptions")).body.data as Array<{
        category: string | null;
        feeds: { title: string };
      }>
    )
      .map((s) => [s.feeds.title, s.category])
      .sort();
  }

  it("moves the feeds found by a search to a folder, then unfollows them", async () => {
    for (const name of ["alpha", "beta", "gamma"]) {
      await quickAdd(page, feeds.url(`/${name}.xml`), { open: false });
    }
    await page.goto(`${server.localUrl}/settings/feeds`);
    await expect.poll(() => page.getByTestId("feeds-row").count(), { timeout: 20_000 }).toBe(3);
    await page.getByTestId("feeds-search").fill("notes");
    await expect.poll(() => page.getByTestId("feeds-row").count()).toBe(2);
    for (const box of await page.getByTestId("feeds-row").locator('input[type="checkbox"]').all()) {
      await box.check();
    }
    await page.getByTestId("feeds-bulk-category").fill("Notes");
    await page.getByTestId("feeds-bulk-move").click();
    await waitForSynced(page);
    await expect.poll(serverSubscriptions, { timeout: 20_000 }).toEqual([
      ["Alpha Notes", "Notes"],
      ["Beta Notes", "Notes"],
      ["Gamma Log", null],
    ]);

    await page.getByTestId("feeds-bulk-unsubscribe").click();
    await page.getByTestId("feeds-unsubscribe-dialog-confirm").click();
    await waitForSynced(page);
    await expect.poll(serverSubscriptions, { timeout: 20_000 }).toEqual([["Gamma Log", null]]);
    await page.getByTestId("feeds-search").fill("");
    await expect.poll(() => page.getByTestId("feeds-row").count()).toBe(1);
  });

  it("shows a failing feed's error with its next try, in the sidebar and here", async () => {
    let down = false;
    const url = feeds.route("/delta.xml", (_request, response) => {
      if (down) {
        response.writeHead(503, { "retry-after": "7200" });
        response.end("down for maintenance");
        return;
      }
      response.writeHead(200, { "content-type": "application/rss+xml" });
      response.end(recentFeed("Delta Wire", "delta", 2));
    });
    await quickAdd(page, url, { open: false });
    await waitForSynced(page);
    const client = new TestClient(server.localUrl);
    await client.signIn(email, PASSWORD);
    const listed = (await client.request("GET", "/api/subscriptions")).body.data as Array<{
      feedId: string;
      feeds: { title: string };
    }>;
    const feedId = listed.find((s) => s.feeds.title === "Delta Wire")!.feedId;
    down = true;
    await forgetLastCheck(server, feedId);
    const refreshed = await client.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(refreshed.body.data.ok).toBe(false);

    await page.goto(`${server.localUrl}/settings/feeds`);
    const retry = page.getByTestId("feeds-next-retry");
    await expect.poll(() => retry.count(), { timeout: 20_000 }).toBe(1);
    const row = page.getByTestId("feeds-row").filter({ hasText: "Delta Wire" });
    expect(await row.getByTestId("feeds-error").textContent()).toContain("503");
    // The next try is the one the server scheduled (about two hours out), in the reader's time.
    const expected = await page.evaluate(
      (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
      refreshed.body.data.nextCheckAt as string,
    );
    expect(await retry.textContent()).toContain(expected);

    // The sidebar's error mark says the same on hover and focus.
    await page.goto(`${server.localUrl}/timeline/view-0/all/pending`);
    const mark = page.getByTestId(`subscription-${feedId}-error`);
    await mark.waitFor({ timeout: 20_000 });
    const tip = page.locator(`[id="${await mark.getAttribute("aria-describedby")}"]`);
    expect(await tip.textContent()).toContain("503");
    expect(await tip.textContent()).toContain(expected);
  });
});
