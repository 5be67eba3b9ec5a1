import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedServer } from "../support/feed-server.ts";
import { TestClient } from "../support/http-client.ts";
import type { TestServer } from "../support/server.ts";
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
});
