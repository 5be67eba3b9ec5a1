import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { openEntry, quickAdd, recentFeed, signUp, timelineIds } from "./support/reader.ts";

/**
 * A reader app on the Google Reader API and the web app open in Chromium, one account: what
 * the app changes shows in the open web app without a reload (its local database pulls the
 * change), and what the web app changes the reader app reads next.
 */
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const STARRED = "user/-/state/com.google/starred";
const READ = "user/-/state/com.google/read";
const longOf = (id: string) =>
  `tag:google.com,2005:reader/item/${BigInt(id).toString(16).padStart(16, "0")}`;

describe("Google Reader API and the open web app (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let watch: PageWatch;
  let page: Page;
  let auth: string;
  let ids: string[];

  const reader = (method: string, path: string, body?: string) =>
    new TestClient(server.localUrl).request(method, `/api/greader${path}`, {
      headers: { authorization: `GoogleLogin auth=${auth}`, ...(body ? FORM : {}) },
      ...(body !== undefined ? { body } : {}),
    });
  /** The open timeline's unread count, as its header shows it (from the local database). */
  const unread = () =>
    page
      .getByTestId("timeline-unread")
      .getAttribute("data-count", { timeout: 1_000 })
      .catch(() => null);

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve("/door.xml", recentFeed("Door Feed", "door", 3));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    browser = await launchBrowser();
    watch = await openPage(browser);
    page = watch.page;
  }, 120_000);

  afterAll(async () => {
    await watch?.context.close();
    await browser?.close();
    await server?.close();
    await feeds?.stop();
  });

  it("shows a read mark and a star made by the reader app without a reload", async () => {
    const email = await signUp(page, server.localUrl);
    await quickAdd(page, feeds.url("/door.xml"));
    await page.getByTestId("timeline-item").nth(2).waitFor({ timeout: 30_000 });
    ids = await timelineIds(page);

    // The reader app: an app password (made in a session of its own), then ClientLogin.
    const owner = new TestClient(server.localUrl);
    expect((await owner.signIn(email)).status).toBe(200);
    const made = await owner.request("POST", "/api/tokens", {
      json: { name: "Reeder", kind: "app_password", scope: "write" },
    });
    expect(made.status).toBe(200);
    const login = await new TestClient(server.localUrl).request(
      "POST",
      "/api/greader/accounts/ClientLogin",
      {
        headers: FORM,
        body: `Email=${encodeURIComponent(email)}&Passwd=${encodeURIComponent(made.body.data.secret)}`,
      },
    );
    expect(login.status).toBe(200);
    auth = /Auth=(.+)\n/.exec(login.text)![1]!;

    const [first, second] = ids;
    await expect.poll(unread, { timeout: 30_000 }).toBe("3");
    const read = await reader("POST", "/reader/api/0/edit-tag", `i=${longOf(first!)}&a=${READ}`);
    expect(read.text).toBe("OK");
    await expect.poll(unread, { timeout: 30_000 }).toBe("2");

    const star = await reader("POST", "/reader/api/0/edit-tag", `i=${second}&a=${STARRED}`);
    expect(star.text).toBe("OK");
    await expect
      .poll(() => page.getByTestId("subscription-collections").textContent(), { timeout: 30_000 })
      .toContain("1");
    expect(watch.errors).toEqual([]);
  }, 120_000);

  it("gives the reader app a star made in the web app", async () => {
    const third = ids[2]!;
    await openEntry(page, third);
    await page.getByTestId("entry-toggle-star").click();
    const starredIds = async () => {
      const answer = await reader(
        "GET",
        `/reader/api/0/stream/items/ids?output=json&s=${encodeURIComponent(STARRED)}&n=10`,
      );
      return (answer.body.itemRefs as { id: string }[]).map((ref) => ref.id).sort();
    };
    await expect.poll(starredIds, { timeout: 30_000 }).toEqual([ids[1]!, third].sort());
    expect(watch.errors).toEqual([]);
  });
});
