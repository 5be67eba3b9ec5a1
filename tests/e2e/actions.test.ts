import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { quickAdd, signUp, timelineIds, waitForSynced } from "./support/reader.ts";

type Item = { guid: string; title: string; date: Date };

/** The Actions page: write a rule, see what it matches, save it, watch it act on new entries. */
describe("actions page (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
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
  });

  const api = async (method: "GET" | "POST", path: string, data?: object) => {
    const response = await page.request.fetch(`${server.localUrl}/api${path}`, {
      method,
      headers: { origin: server.localUrl },
      ...(data ? { data } : {}),
    });
    return response.json();
  };

  it("previews, refuses a runaway regex, saves, and stars the next matching entry", async () => {
    await signUp(page, server.localUrl, email);
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

    // A regex that could backtrack without end is refused before saving.
    await rule.getByTestId("rule-operator").selectOption("regex");
    await rule.getByTestId("rule-value").fill("(a+)+$");
    await rule.getByTestId("rule-regex-error").waitFor();
    expect(await page.getByTestId("rules-save").isDisabled()).toBe(true);

    await rule.getByTestId("rule-value").fill("\\bkeyword\\b");
    await rule.getByTestId("rule-flag-star").check();
    await page.getByTestId("rules-save").click();
    await waitForSynced(page);
    const saved = await api("GET", "/actions");
    expect(saved.data.rules).toEqual([
      {
        name: "Rule 1",
        condition: [{ field: "entry_title", operator: "regex", value: "\\bkeyword\\b" }],
        result: { star: true },
      },
    ]);

    // A new matching entry arrives: starred for this user by the server at ingest.
    items = [{ guid: "c", title: "Another keyword story", date: new Date() }, ...items];
    const feedId = (await api("POST", "/entries", {})).data[0].feeds.id as string;
    await api("GET", `/feeds/refresh?id=${feedId}`);
    const stars = await api("POST", "/entries", { isCollection: true });
    expect(stars.data.map((s: { entries: { title: string } }) => s.entries.title)).toEqual([
      "Another keyword story",
    ]);

    // On demand, the rule also stars the older match.
    await page.getByTestId("rules-apply").click();
    await expect
      .poll(async () => (await api("POST", "/entries", { isCollection: true })).data.length)
      .toBe(2);
  });

  it("shows the server's rules again after a reload", async () => {
    await page.reload();
    const rule = page.getByTestId("action-rule");
    await rule.waitFor();
    expect(await rule.getByTestId("rule-value").inputValue()).toBe("\\bkeyword\\b");
    expect(await rule.getByTestId("rule-flag-star").isChecked()).toBe(true);
  });
});
