import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startFakeRsshub, startKeyedRsshub } from "../support/fake-rsshub.ts";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { signUp } from "./support/reader.ts";

const KEY = "e2e-own-instance-key";

describe("discover lists, route matches and own RSSHub instances, end to end (Chromium)", () => {
  let server: TestServer;
  let shared: FeedServer;
  let own: FeedServer;
  let browser: Browser;
  let listId: string;

  beforeAll(async () => {
    shared = await startFakeRsshub();
    own = await startKeyedRsshub(KEY);
    const bakery = shared.serve(
      "/bakery.xml",
      rssFeed("Bakery Notes", [{ guid: "b1", title: "Sourdough at dawn", date: new Date() }]),
    );
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      FEED_ROUTE_BASE_URL: shared.baseUrl,
    });
    // Someone else made a list of bread feeds.
    const maker = new TestClient(server.localUrl);
    await maker.signUp(uniqueEmail("maker-e2e-lists"));
    const feed = await maker.request("POST", "/api/subscriptions", {
      json: { url: bakery, view: 0 },
    });
    const created = await maker.request("POST", "/api/lists", {
      json: { title: "Bread Lovers", description: "loaves and crumbs", view: 0 },
    });
    listId = created.body.data.id;
    await maker.request("POST", "/api/lists/feeds", {
      json: { listId, feedId: feed.body.feed.id },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await shared?.stop();
    await own?.stop();
  });

  it("finds a list by a word and opens its page; a route's name opens its builder", async () => {
    const { page } = await openPage(browser);
    await signUp(page, server.localUrl);
    await page.goto(`${server.localUrl}/discover`);
    await page.getByTestId("discover-target-lists").click();
    await page.getByTestId("discover-input").fill("bread");
    const list = page.getByTestId("discover-list");
    await expect.poll(() => list.count(), { timeout: 15_000 }).toBe(1);
    expect(await list.textContent()).toContain("Bread Lovers");
    await list.getByTestId("discover-list-open").click();
    const listPage = page.getByTestId("list-page");
    await expect.poll(() => listPage.getAttribute("data-state"), { timeout: 15_000 }).toBe("ready");
    expect(await listPage.getAttribute("data-list-id")).toBe(listId);
    await page.getByTestId("list-page-entries").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("list-page-entries").textContent()).toContain(
      "Sourdough at dawn",
    );

    await page.goto(`${server.localUrl}/discover`);
    await page.getByTestId("discover-input").fill("repo issues");
    const route = page.getByTestId("discover-route");
    await expect.poll(() => route.count(), { timeout: 15_000 }).toBe(1);
    expect(await route.textContent()).toContain("rsshub://github/issue/DIYgod/RSSHub/open");
    await route.getByTestId("discover-route-build").click();
    await page.getByTestId("rsshub-builder").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("rsshub-builder").textContent()).toContain("Repo Issues");
  });

  it("adds an own instance with a key, shows its status, and uses it once chosen", async () => {
    const { page } = await openPage(browser);
    await signUp(page, server.localUrl);
    await page.goto(`${server.localUrl}/rsshub`);
    const panel = page.getByTestId("rsshub-instances");
    await panel.waitFor({ timeout: 15_000 });
    expect(await panel.getByTestId("rsshub-instance-server").textContent()).toContain(
      shared.baseUrl,
    );
    await page.getByTestId("rsshub-instance-url").fill(own.baseUrl);
    await page.getByTestId("rsshub-instance-key").fill(KEY);
    await page.getByTestId("rsshub-instance-add").click();
    const status = panel.getByTestId("rsshub-instance-status");
    await status.waitFor({ timeout: 15_000 });
    expect(await status.getAttribute("data-reachable")).toBe("true");
    expect(await status.textContent()).toContain("5f3c2a1");
    expect(await panel.textContent()).not.toContain(KEY);

    const shownRoutes = () =>
      page
        .getByTestId("rsshub-route")
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-route")).sort());
    await panel.getByTestId("rsshub-instance-choose").click();
    await expect.poll(shownRoutes, { timeout: 15_000 }).toEqual(["mine/notes/:topic"]);
    expect(await page.getByTestId("rsshub-page").textContent()).toContain(own.baseUrl);

    // Back to the server's instance: its catalogue again.
    await panel.getByTestId("rsshub-instance-server-choose").click();
    await expect
      .poll(shownRoutes, { timeout: 15_000 })
      .toEqual(["36kr/hot-list/:category?", "github/issue/:user/:repo/:state?/:labels?"]);
  });

  it("edits an instance: a missing key is added, and it is checked again", async () => {
    const { page } = await openPage(browser);
    await signUp(page, server.localUrl);
    await page.goto(`${server.localUrl}/rsshub`);
    const panel = page.getByTestId("rsshub-instances");
    await panel.waitFor({ timeout: 15_000 });
    // Added without the key it asks for: it answers, but refuses its route listing.
    await page.getByTestId("rsshub-instance-url").fill(own.baseUrl);
    await page.getByTestId("rsshub-instance-add").click();
    const status = panel.getByTestId("rsshub-instance-status");
    await status.waitFor({ timeout: 15_000 });
    expect(await status.textContent()).toContain("HTTP 403");

    await panel.getByTestId("rsshub-instance-edit").click();
    const form = panel.getByTestId("rsshub-instance-edit-form");
    expect(await form.getByTestId("rsshub-instance-edit-url").inputValue()).toBe(own.baseUrl);
    await form.getByTestId("rsshub-instance-edit-key").fill(KEY);
    await form.getByTestId("rsshub-instance-save").click();
    await form.waitFor({ state: "hidden", timeout: 15_000 });
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).not.toContain("HTTP 403");
    expect(await status.getAttribute("data-reachable")).toBe("true");
    expect(await panel.textContent()).toContain("access key");
    expect(await panel.textContent()).not.toContain(KEY);

    // A bad address is refused with the server's reason, and the form stays to correct it.
    await panel.getByTestId("rsshub-instance-edit").click();
    await form.getByTestId("rsshub-instance-edit-url").fill("http://user:pass@127.0.0.1:9");
    await form.getByTestId("rsshub-instance-save").click();
    const error = panel.getByTestId("rsshub-instance-error");
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toContain("access key in its own field");
    expect(await form.isVisible()).toBe(true);
  });
});
