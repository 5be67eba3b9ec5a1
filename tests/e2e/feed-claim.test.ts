import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { quickAdd, recentFeed, signUp } from "./support/reader.ts";

/**
 * Claiming a feed in Chromium: the claim dialog's code placed in the feed, verified by the
 * server, the owner's badge in the feed's header, its analytics, then the "feed owner"
 * achievement claimed on the profile page and shown there as received.
 */
describe("feed claim and achievements (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let browser: Browser;
  let watch: PageWatch;
  let page: Page;
  let extra = "";

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    // The site is on loopback too: a failed verification looks there, never outside.
    feeds.serve("/mine.xml", () =>
      recentFeed("Mine", "mine", 3)
        .replace("<link>https://example.com/</link>", `<link>${feeds.url("/no-site")}</link>`)
        .replace("<description>", `${extra}<description>`),
    );
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    browser = await launchBrowser();
    watch = await openPage(browser);
    page = watch.page;
  });
  afterAll(async () => {
    await watch?.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    await feeds?.stop();
  });

  it("claims a feed through the dialog, shows the badge and analytics, then the achievement", async () => {
    await signUp(page, server.localUrl, uniqueEmail("e2e-claim"));
    await quickAdd(page, feeds.url("/mine.xml"));

    await page.getByTestId("feed-claim-open").click();
    const dialog = page.getByTestId("claim-feed-dialog");
    const element = dialog.getByTestId("claim-placement-element");
    await element.waitFor();
    const placed = (await element.textContent())!.trim();
    expect(placed).toMatch(/^<follow_challenge><feedId>\d+<\/feedId>/);

    // Not in the feed yet: refused inline, the dialog stays.
    await dialog.getByTestId("claim-feed-verify").click();
    await expect
      .poll(() => dialog.getByTestId("claim-feed-error").textContent())
      .toContain("Ownership challenge failed");

    extra = placed;
    await dialog.getByTestId("claim-feed-verify").click();
    await dialog.waitFor({ state: "hidden" });
    const badge = page.getByTestId("feed-owner-badge");
    await badge.waitFor();
    expect(await badge.textContent()).toContain("Ada Reader");
    expect(await page.getByTestId("feed-claim-open").count()).toBe(0);

    await page.getByTestId("feed-analytics-open").click();
    const analytics = page.getByTestId("feed-analytics-dialog");
    await analytics.getByTestId("feed-analytics-subscribers").waitFor();
    expect(await analytics.getByTestId("feed-analytics-subscribers").textContent()).toBe("1");
    await page.keyboard.press("Escape");
    await analytics.waitFor({ state: "hidden" });

    await page.goto(`${server.localUrl}/settings/profile`);
    const owner = page.locator('[data-testid="achievement-row"][data-id="feed_owner"]');
    await owner.waitFor();
    expect(await owner.getAttribute("data-status")).toBe("completed");
    await owner.getByTestId("achievement-claim").click();
    await page
      .locator('[data-testid="achievement-row"][data-id="feed_owner"][data-status="received"]')
      .waitFor();
    expect(await owner.textContent()).toContain("Received");
    // Still there after a reload: it is the server's.
    await page.reload();
    await page
      .locator('[data-testid="achievement-row"][data-id="feed_owner"][data-status="received"]')
      .waitFor();
    // The refused verification is a 400 the browser logs; nothing else may fail.
    expect(watch.errors.filter((e) => !/Failed to load resource.*400/.test(e))).toEqual([]);
  });
});
