import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startFakeRsshub } from "../support/fake-rsshub.ts";
import type { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { recentFeed, signUp } from "./support/reader.ts";

describe("trending, categories and feed routes, end to end (Chromium, real server)", () => {
  let server: TestServer;
  let sites: FeedServer;
  let browser: Browser;
  let astronomy: string;

  beforeAll(async () => {
    // One fake RSSHub instance also serves the plain feed someone follows.
    sites = await startFakeRsshub();
    astronomy = sites.serve("/astronomy.xml", recentFeed("Astronomy Weekly", "astro", 5));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      FEED_ROUTE_BASE_URL: sites.baseUrl,
      TRENDING_REFRESH_SECONDS: "0",
    });
    const other = new TestClient(server.localUrl);
    await other.signUp(uniqueEmail("other-trending"));
    const followed = await other.request("POST", "/api/subscriptions", {
      json: { url: astronomy, view: 0, category: "Programming" },
    });
    expect(followed.status).toBe(200);
    const listed = await other.request("POST", "/api/entries", {
      json: { feedId: followed.body.feed.id },
    });
    const entryId = listed.body.data[0].entries.id;
    await other.request("POST", "/api/reads", { json: { entryIds: [entryId] } });
    await other.request("POST", "/api/collections", { json: { entryId } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await sites?.stop();
  });

  it("shows what trends here, previews a trending feed and follows it", async () => {
    const { page } = await openPage(browser);
    await signUp(page, server.localUrl);
    await page.goto(`${server.localUrl}/discover`);
    const trending = page.getByTestId("trending");
    const card = trending.getByTestId("trending-feeds").getByTestId("discover-feed");
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getByTestId("discover-feed-title").textContent()).toBe("Astronomy Weekly");
    expect(await trending.getByTestId("trending-entries").textContent()).toContain(
      "1 reads · 1 stars",
    );
    await card.getByTestId("discover-feed-preview").click();
    await expect
      .poll(() => card.getByTestId("discover-feed-entries").locator("li").count())
      .toBe(3);
    await card.getByTestId("discover-feed-follow").click();
    const dialog = page.getByTestId("quick-add-dialog");
    await dialog.waitFor();
    expect(await dialog.getByTestId("quick-add-url").inputValue()).toBe(astronomy);
  });

  it("fills a category page, says how an empty one gets feeds, and links to its routes", async () => {
    const { page } = await openPage(browser);
    await signUp(page, server.localUrl);
    await page.goto(`${server.localUrl}/discover/category/programming`);
    const feeds = page.getByTestId("category-feeds").getByTestId("discover-feed");
    await expect.poll(() => feeds.count(), { timeout: 15_000 }).toBe(1);
    expect(await feeds.textContent()).toContain("Astronomy Weekly");
    const routes = page.getByTestId("category-routes");
    expect(await routes.textContent()).toContain("GitHub · Repo Issues");

    await page.goto(`${server.localUrl}/discover/category/travel`);
    const empty = page.getByTestId("discover-category-empty");
    await empty.waitFor({ timeout: 15_000 });
    expect(await empty.textContent()).toContain("folder named after the category");

    await page.goto(`${server.localUrl}/discover/category/programming`);
    await page.getByTestId("category-routes").getByRole("link").first().click();
    await page.getByTestId("rsshub-builder").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("rsshub-builder").textContent()).toContain("Repo Issues");
  });

  it("builds an RSSHub route, previews its feed and follows it", async () => {
    const { page } = await openPage(browser);
    await signUp(page, server.localUrl);
    await page.goto(`${server.localUrl}/rsshub`);
    expect(await page.getByTestId("rsshub-status").textContent()).toContain("Route listing read");
    await page.getByTestId("rsshub-filter").fill("issues");
    const route = page.getByTestId("rsshub-route");
    await expect.poll(() => route.count(), { timeout: 15_000 }).toBe(1);
    await route.click();
    const address = page.getByTestId("rsshub-address");
    expect(await address.textContent()).toContain("user, repo");
    await page.getByTestId("rsshub-param-user").fill("follow");
    await page.getByTestId("rsshub-param-repo").fill("app");
    await page.getByTestId("rsshub-param-state").selectOption("open");
    expect(await address.textContent()).toBe("rsshub://github/issue/follow/app/open");
    await page.getByTestId("rsshub-preview").click();
    const title = page.getByTestId("rsshub-preview-title");
    await title.waitFor({ timeout: 15_000 });
    expect(await title.textContent()).toBe("follow/app open issues");
    expect(await page.getByTestId("rsshub-preview-entry").count()).toBe(2);

    await page.getByTestId("rsshub-follow").click();
    const dialog = page.getByTestId("quick-add-dialog");
    await dialog.waitFor();
    expect(await dialog.getByTestId("quick-add-url").inputValue()).toBe(
      "rsshub://github/issue/follow/app/open",
    );
    await dialog.getByTestId("quick-add-submit").click();
    await dialog.getByTestId("quick-add-done").waitFor({ timeout: 30_000 });
  });

  it("says how to enable the panel when the server has no instance", async () => {
    await server.stop();
    server = await server.restart({
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    const { page } = await openPage(browser);
    await signUp(page, server.localUrl);
    await page.goto(`${server.localUrl}/rsshub`);
    const off = page.getByTestId("rsshub-off");
    await off.waitFor({ timeout: 15_000 });
    expect(await off.textContent()).toContain("FEED_ROUTE_BASE_URL");
  });
});
