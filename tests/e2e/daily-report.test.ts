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
  /** Just past the 8 o'clock the reports were written for. */
  let reportAt: Date;

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
    reportAt = at;
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
  /** Another reader with the feed and a report of their own, on the Articles timeline. */
  async function readerWithReport() {
    const other = await openPage(browser);
    const otherEmail = await signUp(other.page, server.localUrl);
    await quickAdd(other.page, feeds.url("/daily.xml"));
    expect(await server.runDailyReports(reportAt)).toBe(1);
    await other.page.goto(`${server.localUrl}/timeline/view-0/all/pending`);
    const api = new TestClient(server.localUrl);
    await api.signIn(otherEmail, PASSWORD);
    const seenAt = async () =>
      (await api.request("GET", "/api/settings")).body.settings.general?.dailyReportSeenAt ?? "";
    const slotAt = (await api.request("GET", "/api/ai/daily-reports?limit=1")).body.data[0].slotAt;
    return { ...other, seenAt, slotAt: slotAt as string };
  }

  it("pins a report the reader has not opened atop the Articles timeline; opening it marks it seen", async () => {
    const other = await readerWithReport();
    const pin = other.page.getByTestId("daily-report-pin");
    await pin.waitFor({ timeout: 20_000 });
    expect(await pin.getByTestId("daily-report-pin-kind").textContent()).toBe("Extractive");
    expect((await pin.getByTestId("daily-report-pin-date").textContent())?.length).toBeGreaterThan(
      4,
    );
    const lines = await pin.getByTestId("daily-report-pin-line").allTextContents();
    expect(lines.join(" ")).toMatch(/Morning wire|Harbour reopens|Bridge repaired/);
    await pin.getByTestId("daily-report-pin-open").click();
    await other.page.waitForURL(/\/daily-report$/);
    await expect.poll(other.seenAt, { timeout: 15_000 }).toBe(other.slotAt);
    await other.page.goto(`${server.localUrl}/timeline/view-0/all/pending`);
    await other.page.getByTestId("timeline-column").waitFor();
    // The reports are asked for again on this visit: known, seen, nothing pinned.
    await other.page.getByTestId("daily-report-pin-seen").waitFor({ state: "attached" });
    expect(await pin.count()).toBe(0);
    await other.context.close();
  });

  it("stays dismissed once dismissed, on this device and after a reload", async () => {
    const other = await readerWithReport();
    const pin = other.page.getByTestId("daily-report-pin");
    await pin.waitFor({ timeout: 20_000 });
    await pin.getByTestId("daily-report-pin-dismiss").click();
    await pin.waitFor({ state: "detached" });
    // Stored in the user's settings on the server, so other devices hide it too.
    await expect.poll(other.seenAt, { timeout: 15_000 }).toBe(other.slotAt);
    await other.page.reload();
    await other.page.getByTestId("daily-report-pin-seen").waitFor({ state: "attached" });
    expect(await pin.count()).toBe(0);
    await other.context.close();
  });
});
