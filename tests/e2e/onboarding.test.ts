import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { PASSWORD, quickAdd, recentFeed, signUp, waitForSynced } from "./support/reader.ts";

/** A feed that declares its language (RSS 2.0 <language>). */
function feedIn(language: string | null, title: string) {
  const feed = recentFeed(title, title.replace(/\W/g, ""), 2);
  return language
    ? feed.replace("</description>", `</description><language>${language}</language>`)
    : feed;
}

describe("new-user guide and discover language (Chromium, real server)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let browser: Browser;
  let watch: PageWatch;
  let page: Page;
  const email = uniqueEmail("e2e-guide");
  const guide = () => page.getByTestId("new-user-guide");
  const step = () => page.getByTestId("new-user-guide-step").getAttribute("data-step");

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    // Someone follows three tea feeds publicly: Discover knows them.
    const other = new TestClient(server.localUrl);
    await other.signUp(uniqueEmail("other-guide"));
    for (const [path, language, title] of [
      ["/tea-en.xml", "en", "Tea Weekly"],
      ["/tea-ja.xml", "ja", "Tea Japan"],
      ["/tea-none.xml", null, "Tea Undeclared"],
    ] as const) {
      const url = feeds.serve(path, feedIn(language, title));
      const followed = await other.request("POST", "/api/subscriptions", {
        json: { url, view: 0 },
      });
      expect(followed.status).toBe(200);
    }
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

  it("opens after signing up and walks through its steps", async () => {
    await page.goto(`${server.localUrl}/login`);
    await page.getByTestId("login-tab-sign-up").click();
    await page.getByLabel("Name").fill("Nova Newcomer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(/\/timeline\//);
    await guide().waitFor();
    expect(await step()).toBe("welcome");
    expect(await guide().textContent()).toContain("Step 1 of 5");
    expect(await page.getByTestId("new-user-guide-back").count()).toBe(0);

    await page.getByTestId("new-user-guide-next").click();
    expect(await step()).toBe("views");
    expect(await page.getByTestId("new-user-guide-views").locator("li").count()).toBe(6);
    await page.getByTestId("new-user-guide-back").click();
    expect(await step()).toBe("welcome");
    for (const next of ["views", "add", "discover", "shortcuts"]) {
      await page.getByTestId("new-user-guide-next").click();
      expect(await step()).toBe(next);
    }
    expect(await page.getByTestId("new-user-guide-next").count()).toBe(0);
    await page.getByTestId("new-user-guide-done").click();
    await guide().waitFor({ state: "hidden" });
  });

  it("never comes back: not after a reload, nor after signing in again", async () => {
    await page.reload();
    await page.getByTestId("app-shell").waitFor();
    await waitForSynced(page);
    expect(await guide().count()).toBe(0);

    await page.getByTestId("sign-out").click();
    await page.waitForURL(/\/login/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(/\/timeline\//);
    await waitForSynced(page);
    expect(await guide().count()).toBe(0);
  });

  /** A new account signed up through the form in a fresh context, its guide on screen. */
  async function newcomer(name: string) {
    const other = await openPage(browser);
    await other.page.goto(`${server.localUrl}/login`);
    await other.page.getByTestId("login-tab-sign-up").click();
    await other.page.getByLabel("Name").fill(name);
    await other.page.getByLabel("Email").fill(uniqueEmail("e2e-guide-action"));
    await other.page.getByLabel("Password").fill(PASSWORD);
    await other.page.getByTestId("login-submit").click();
    await other.page.getByTestId("new-user-guide").waitFor();
    return other;
  }

  it("takes a step's action in its place: quick add, or a view to start in", async () => {
    const first = await newcomer("Quinn Quick");
    await first.page.getByTestId("new-user-guide-next").click();
    await first.page.getByTestId("new-user-guide-next").click();
    await first.page.getByTestId("new-user-guide-quick-add").click();
    await first.page.getByTestId("quick-add-dialog").waitFor();
    expect(await first.page.getByTestId("new-user-guide").count()).toBe(0);
    expect(first.errors).toEqual([]);
    await first.context.close();

    const second = await newcomer("Vera Views");
    await second.page.getByTestId("new-user-guide-next").click();
    await second.page.getByTestId("new-user-guide-view-2").click();
    await second.page.waitForURL(/\/timeline\/view-2\/all\/pending$/);
    expect(await second.page.getByTestId("new-user-guide").count()).toBe(0);
    expect(second.errors).toEqual([]);
    await second.context.close();
  });

  it("narrows Discover to the language chosen in Settings › Appearance", async () => {
    await page.goto(`${server.localUrl}/settings/appearance`);
    await page.getByTestId("discover-language").selectOption("ja");
    await page.goto(`${server.localUrl}/discover`);
    expect(await page.getByTestId("discover-language-note").textContent()).toContain("Japanese");
    await page.getByTestId("discover-input").fill("tea");
    const titles = page.getByTestId("discover-result-title");
    await expect
      .poll(() => titles.allTextContents(), { timeout: 15_000 })
      .toEqual(["Tea Japan", "Tea Undeclared"]);

    await page.goto(`${server.localUrl}/settings/appearance`);
    await page.getByTestId("discover-language").selectOption("all");
    await page.goto(`${server.localUrl}/discover`);
    await page.getByTestId("discover-input").fill("tea");
    await expect
      .poll(async () => (await titles.allTextContents()).sort(), { timeout: 15_000 })
      .toEqual(["Tea Japan", "Tea Undeclared", "Tea Weekly"]);
    expect(await page.getByTestId("discover-language-note").count()).toBe(0);
    expect(watch.errors).toEqual([]);
  });

  it("gives the advanced general settings a control and an effect", async () => {
    // Both feeds' channels link to https://example.com/: one site.
    await quickAdd(page, feeds.url("/tea-en.xml"), { open: false });
    await quickAdd(page, feeds.url("/tea-ja.xml"), { open: false });
    const site = page.locator('[data-testid="site-group"][data-host="example.com"]');
    await expect.poll(() => site.locator("ul > li").count()).toBe(2);

    await page.goto(`${server.localUrl}/settings/general`);
    expect(await page.getByTestId("startup-screen").count()).toBe(0);
    await page.getByTestId("enhanced-settings").check();
    await page.locator('label:has([data-testid="startup-screen-subscription"])').click();
    await page.getByTestId("general-autoGroup").uncheck();
    for (const key of ["dataPersist", "sendAnonymousData", "openLinksInExternalApp"]) {
      await page.getByTestId(`general-${key}`).waitFor();
    }

    await page.setViewportSize({ width: 800, height: 900 });
    try {
      await page.goto(`${server.localUrl}/`);
      await page.getByTestId("app-shell").waitFor();
      await expect.poll(() => page.getByTestId("subscription-column").isVisible()).toBe(true);
      expect(await page.getByTestId("timeline-column").isVisible()).toBe(false);
      expect(await page.getByTestId("site-group").count()).toBe(0);
      await page.getByTestId("subscription-all").click();
      await expect.poll(() => page.getByTestId("timeline-column").isVisible()).toBe(true);
      const chips = page.getByTestId("quick-timeline-item");
      await expect.poll(() => chips.count()).toBe(3);
      await chips.filter({ hasText: "Tea Japan" }).click();
      await page.waitForURL(/\/timeline\/view-0\/[^/]+\/pending$/);
      expect(await chips.filter({ hasText: "Tea Japan" }).getAttribute("aria-current")).toBe(
        "page",
      );

      await page.goto(`${server.localUrl}/settings/general`);
      await page.getByTestId("general-showQuickTimeline").uncheck();
      await page.goto(`${server.localUrl}/`);
      await page.getByTestId("subscription-all").click();
      await expect.poll(() => page.getByTestId("timeline-column").isVisible()).toBe(true);
      expect(await page.getByTestId("quick-timeline").count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("the sign-up helper other tests use leaves no guide behind", async () => {
    const other = await openPage(browser);
    await signUp(other.page, server.localUrl);
    expect(await other.page.getByTestId("new-user-guide").count()).toBe(0);
    await other.page.getByTestId("quick-add-button").click();
    await other.page.getByTestId("quick-add-dialog").waitFor();
    await other.context.close();
  });
});
