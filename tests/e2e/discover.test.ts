import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { recentFeed, signUp } from "./support/reader.ts";

describe("discover, end to end (Chromium, real server)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let browser: Browser;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    const astronomy = feeds.serve("/astronomy.xml", recentFeed("Astronomy Weekly", "astro", 5));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    // Someone else follows it publicly: the server knows it.
    const other = new TestClient(server.localUrl);
    await other.signUp(uniqueEmail("other-discover"));
    const followed = await other.request("POST", "/api/subscriptions", {
      json: { url: astronomy, view: 0 },
    });
    expect(followed.status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await feeds?.stop();
  });

  it("finds a feed by a word, previews it and follows it", async () => {
    const { page } = await openPage(browser);
    await signUp(page, server.localUrl);
    await page.goto(`${server.localUrl}/discover`);
    await page.getByTestId("discover-input").fill("astronomy");
    const result = page.getByTestId("discover-result");
    await expect.poll(() => result.count(), { timeout: 15_000 }).toBe(1);
    expect(await result.getByTestId("discover-result-title").textContent()).toBe(
      "Astronomy Weekly",
    );
    expect(await result.textContent()).toContain("1 follower");

    await result.getByTestId("discover-result-preview").click();
    const preview = result.getByTestId("discover-result-entries");
    await expect.poll(() => preview.locator("li").count()).toBe(3);
    expect(await preview.textContent()).toContain("Astronomy Weekly item 1");

    await result.getByTestId("discover-result-follow").click();
    const dialog = page.getByTestId("quick-add-dialog");
    await dialog.waitFor();
    expect(await dialog.getByTestId("quick-add-url").inputValue()).toBe(
      feeds.url("/astronomy.xml"),
    );
    await dialog.getByTestId("quick-add-submit").click();
    await dialog.getByTestId("quick-add-done").waitFor({ timeout: 30_000 });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // Searching again shows it followed.
    await page.getByTestId("discover-input").fill("astronomy weekly");
    await page.getByTestId("discover-result-following").waitFor({ timeout: 15_000 });
    const bad = page.getByTestId("discover-input");
    await bad.fill('"astro');
    await expect
      .poll(() => page.getByTestId("discover-error").textContent(), { timeout: 10_000 })
      .toContain("never closed");
  });
});
