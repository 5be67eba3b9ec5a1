import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { nextSlot, serverTimeZone } from "../../server/ai/daily/schedule.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { PASSWORD, quickAdd, signUp } from "./support/reader.ts";

const story = (topic: string) =>
  `<p>The ${topic} story begins with a sentence long enough to be picked for the report.</p>`;

/**
 * The daily AI report in the app (Chromium): reached from the sidebar and the palette, its
 * stories link to their entries; and a subscription's "notify on new entries" switch.
 */
describe("daily report and subscription notifications (Chromium)", () => {
  let feeds: FeedServer;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let email: string;
  let feedId: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve(
      "/daily.xml",
      rssFeed("Morning wire", [
        { guid: "1", title: "Harbour reopens", html: story("harbour"), date: new Date(2026, 0, 2) },
        { guid: "2", title: "Bridge repaired", html: story("bridge"), date: new Date(2026, 0, 1) },
      ]),
    );
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      DAILY_REPORT_CHECK_SECONDS: "0",
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

  it("shows the report from the sidebar, labelled extractive, linking to its entries", async () => {
    email = await signUp(page, server.localUrl);
    feedId = await quickAdd(page, feeds.url("/daily.xml"));
    // The clock just past the next 8 o'clock: the report of the two new entries is written.
    const at = new Date(nextSlot(new Date(), serverTimeZone()).getTime() + 60_000);
    expect(await server.runDailyReports(at)).toBe(1);
    await page.getByTestId("nav-daily-report").click();
    await page.waitForURL(/\/daily-report$/);
    const report = page.getByTestId("daily-report");
    await report.waitFor({ timeout: 20_000 });
    expect(await report.getByTestId("daily-report-kind").textContent()).toBe("Extractive");
    const text = (await report.textContent()) ?? "";
    expect(text).toContain("Morning wire");
    expect(text).toContain("Harbour reopens: The harbour story begins");
    const cites = report.getByTestId("daily-report-cite");
    expect(await cites.count()).toBe(2);
    await cites.first().click();
    await page.waitForURL(new RegExp(`/timeline/view-0/${feedId}/\\d+$`));
    await expect
      .poll(() => page.getByTestId("entry-title").first().textContent(), { timeout: 15_000 })
      .toMatch(/Harbour reopens|Bridge repaired/);
  });

  it("is found in the command palette", async () => {
    const input = page.getByTestId("palette-input");
    await expect
      .poll(
        async () => {
          if (!(await input.isVisible())) await page.keyboard.press("Control+K");
          return input.waitFor({ timeout: 1000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true);
    await expect
      .poll(() => input.evaluate((field) => field === document.activeElement), { timeout: 5000 })
      .toBe(true);
    await page.keyboard.type("daily report");
    const first = page.getByTestId("palette-item").first();
    await expect.poll(() => first.getAttribute("data-id")).toBe("navigate.dailyReport");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/daily-report$/);
  });

  it("turns on notifications for a subscription from its edit dialog", async () => {
    await page.goto(`${server.localUrl}/timeline/view-0/all/pending`);
    await page.getByTestId(`subscription-${feedId}-menu`).click();
    await page.getByTestId(`subscription-${feedId}-menu-content`).getByTestId("menu-edit").click();
    const dialog = page.getByTestId("edit-subscription-dialog");
    const notify = dialog.getByTestId("edit-notify");
    // Read from the server first: enabled once it answered, off by default.
    await expect.poll(() => notify.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await notify.isChecked()).toBe(false);
    await notify.check();
    await dialog.getByTestId("edit-save").click();
    await dialog.waitFor({ state: "hidden" });
    const api = new TestClient(server.localUrl);
    await api.signIn(email, PASSWORD);
    await expect
      .poll(
        async () =>
          (await api.request("GET", `/api/feeds?id=${feedId}`)).body.data.subscription.notify,
        { timeout: 15_000 },
      )
      .toBe(true);
  });
});
