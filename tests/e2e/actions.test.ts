import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyFromMailDirectory } from "../support/accounts.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { browserKeys, decryptPush, PushReceiver } from "../support/push-receiver.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { quickAdd, signUp, timelineIds } from "./support/reader.ts";

type Item = { guid: string; title: string; date: Date };

/** The Actions page: write a rule, see what it matches, save it, watch it act on new entries. */
describe("actions page (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let pushes: PushReceiver;
  const device = browserKeys();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = uniqueEmail("actions-e2e");
  let items: Item[] = [
    { guid: "a", title: "A keyword in the news", date: new Date(Date.now() - 7_200_000) },
    { guid: "b", title: "Something else", date: new Date(Date.now() - 3_600_000) },
  ];

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    pushes = await new PushReceiver().start();
    feeds.serve("/rules.xml", () => rssFeed("Rules", items));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      ADMIN_EMAILS: email,
    });
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await feeds?.stop();
    await pushes?.stop();
  });

  const api = async (method: "GET" | "POST" | "DELETE", path: string, data?: object) => {
    const response = await page.request.fetch(`${server.localUrl}/api${path}`, {
      method,
      headers: { origin: server.localUrl },
      ...(data ? { data } : {}),
    });
    return response.json();
  };

  it("previews, refuses a regex RE2 cannot run, saves; the next matching entry is starred and pushed", async () => {
    await signUp(page, server.localUrl, email);
    // ADMIN_EMAILS makes an admin of a verified address only (the admin refreshes feeds below).
    await verifyFromMailDirectory(server, new TestClient(server.localUrl), email);
    await quickAdd(page, feeds.url("/rules.xml"));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(2);
    await page.goto(`${server.localUrl}/action`);
    const editor = page.getByTestId("actions-editor");
    await editor.waitFor();
    await page.getByTestId("rule-add").click();
    const rule = page.getByTestId("action-rule");
    await rule.getByTestId("rule-value").fill("keyword");
    await expect
      .poll(() => rule.getByTestId("rule-preview").textContent())
      .toBe("Matches 1 recent entry");

    // A regex RE2 cannot run (a back-reference) is refused before saving, saying why.
    await rule.getByTestId("rule-operator").selectOption("regex");
    await rule.getByTestId("rule-value").fill("(a)\\1");
    await rule.getByTestId("rule-regex-error").waitFor();
    expect(await rule.getByTestId("rule-regex-error").textContent()).toContain("back-references");
    expect(await page.getByTestId("rules-save").isDisabled()).toBe(true);

    await rule.getByTestId("rule-value").fill("\\bkeyword\\b");
    await rule.getByTestId("rule-flag-star").check();
    await rule.getByTestId("rule-flag-newEntryNotification").check();
    // Names are split at commas and trimmed; an empty one is left out.
    await rule.getByTestId("rule-tags").fill("watch ,, later");
    await page.getByTestId("rules-save").click();
    // The save goes through the outbox: the server has it once the command is pushed.
    await expect
      .poll(async () => (await api("GET", "/actions")).data.rules.length, { timeout: 20_000 })
      .toBe(1);
    const saved = await api("GET", "/actions");
    expect(saved.data.rules).toEqual([
      {
        name: "Rule 1",
        condition: [{ field: "entry_title", operator: "regex", value: "\\bkeyword\\b" }],
        result: { star: true, newEntryNotification: true, tags: ["watch", "later"] },
      },
    ]);
    // A device registered for push (a browser whose push service is on 127.0.0.1).
    await api("POST", "/push/subscriptions", {
      endpoint: `${pushes.baseUrl}/device-1`,
      keys: { p256dh: device.p256dh, auth: device.auth },
      name: "Test device",
    });

    // A new matching entry arrives: starred for this user by the server at ingest.
    items = [{ guid: "c", title: "Another keyword story", date: new Date() }, ...items];
    const feedId = (await api("POST", "/entries", {})).data[0].feeds.id as string;
    await api("GET", `/feeds/refresh?id=${feedId}`);
    const stars = await api("POST", "/entries", { isCollection: true });
    expect(stars.data.map((s: { entries: { title: string } }) => s.entries.title)).toEqual([
      "Another keyword story",
    ]);
    await expect.poll(() => pushes.received.length).toBe(1);
    const pushed = JSON.parse(decryptPush(pushes.received[0]!.body, device));
    expect(pushed).toMatchObject({ title: "Rules", body: "Another keyword story" });

    // On demand, the rule also stars the older match.
    await page.getByTestId("rules-apply").click();
    await expect
      .poll(async () => (await api("POST", "/entries", { isCollection: true })).data.length)
      .toBe(2);
  });

  it("shows the server's rules again after a reload", async () => {
    await page.goto(`${server.localUrl}/action`);
    const rule = page.getByTestId("action-rule");
    await rule.waitFor();
    expect(await rule.getByTestId("rule-value").inputValue()).toBe("\\bkeyword\\b");
    expect(await rule.getByTestId("rule-flag-star").isChecked()).toBe(true);
    expect(await rule.getByTestId("rule-tags").inputValue()).toBe("watch, later");
  });

  it("lists devices in Settings › Notifications, sends a test and removes one", async () => {
    await page.goto(`${server.localUrl}/settings/notifications`);
    const row = page.getByTestId("push-device");
    await row.waitFor();
    expect(await row.textContent()).toContain("Test device");
    const before = pushes.received.length;
    await page.getByTestId("push-test").click();
    await expect.poll(() => pushes.received.length).toBe(before + 1);
    expect(JSON.parse(decryptPush(pushes.received.at(-1)!.body, device)).title).toBe("Follow");
    await row.getByTestId("push-remove").click();
    await page.getByTestId("push-no-devices").waitFor();
    expect((await api("GET", "/push/subscriptions")).data).toEqual([]);
  });
});
