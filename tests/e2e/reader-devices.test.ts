import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import {
  openEntry,
  PASSWORD,
  quickAdd,
  recentFeed,
  signUp,
  timelineIds,
  waitForSynced,
} from "./support/reader.ts";

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

  async function signIn(page: Page, email: string) {
    await page.goto(`${server.localUrl}/`);
    await page.waitForURL(/\/login/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(/\/timeline\//);
    await waitForSynced(page);
  }

  const live = (page: Page) =>
    page.getByTestId("sync-indicator").getAttribute("data-live", { timeout: 5_000 });

  it("a subscription and a star made on A appear on B without a reload", async () => {
    const a = deviceA.page;
    const b = deviceB.page;
    const email = await signUp(a, server.localUrl);
    await signIn(b, email);
    await expect.poll(() => live(b), { timeout: 20_000 }).toBe("true");

    await quickAdd(a, feeds.url("/devices.xml"));
    await expect
      .poll(() => b.getByTestId("subscription-list").textContent(), { timeout: 10_000 })
      .toContain("Device Feed");

    const ids = await timelineIds(a);
    await openEntry(a, ids[0]!);
    await a.getByTestId("entry-toggle-star").click();
    await expect
      .poll(() => b.getByTestId("subscription-collections").textContent(), { timeout: 10_000 })
      .toContain("1");
    expect(deviceB.errors).toEqual([]);
  });
});
