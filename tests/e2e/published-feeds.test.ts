import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { signUp } from "./support/reader.ts";

/**
 * Settings → Data control → Published feeds in Chromium: starred published, its addresses shown
 * and serving a feed, a new address killing the old one, stopping killing it too.
 */
describe("published feeds settings (Chromium)", () => {
  let server: TestServer;
  let browser: Browser;
  let watch: PageWatch;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    browser = await launchBrowser();
    watch = await openPage(browser);
    page = watch.page;
  });
  afterAll(async () => {
    await watch?.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  const fetchFeed = (url: string) =>
    new TestClient(server.localUrl).request("GET", new URL(url).pathname);
  const shownUrls = async () => {
    const box = page.getByTestId("published-feeds-urls");
    await box.waitFor();
    const codes = await box.locator("code").allTextContents();
    return codes.map((text) => text.trim());
  };

  it("publishes starred, rotates its address and stops publishing", async () => {
    await signUp(page, server.localUrl, uniqueEmail("e2e-published"));
    await page.goto(`${server.localUrl}/settings/data-control`);
    await page.getByTestId("published-feeds").waitFor();
    await page.getByTestId("published-feeds-choice").locator("option").first().waitFor({
      state: "attached",
    });
    await page.getByTestId("published-feeds-create").click();
    const [rss, atom] = await shownUrls();
    expect(rss).toMatch(/\/feeds\/published\/[A-Za-z0-9_-]{43}\.xml$/);
    expect(atom).toMatch(/\.atom$/);
    const served = await fetchFeed(rss!);
    expect(served.status).toBe(200);
    expect(served.text).toContain("<title>Starred</title>");
    const row = page.getByTestId("published-feeds-row").filter({ hasText: "Starred" });
    await row.waitFor();

    await row.getByRole("button", { name: "New address" }).click();
    await page.waitForFunction(
      (old: string) =>
        !document.querySelector('[data-testid="published-feeds-urls"]')?.textContent?.includes(old),
      rss!,
    );
    const [rotated] = await shownUrls();
    expect(rotated).not.toBe(rss);
    expect((await fetchFeed(rss!)).status).toBe(404);
    expect((await fetchFeed(rotated!)).status).toBe(200);

    await row.getByRole("button", { name: "Stop publishing" }).click();
    await row.waitFor({ state: "detached" });
    expect((await fetchFeed(rotated!)).status).toBe(404);
  });
});
