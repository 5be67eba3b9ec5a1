import nodemailer from "nodemailer";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { openEntry, signUp, timelineIds } from "./support/reader.ts";

const DOMAIN = "inbox.test";

/** A newsletter by real SMTP lands in the inbox timeline and renders in the entry pane. */
describe("inbox e-mail (Chromium)", () => {
  let server: TestServer;
  let browser: Browser;
  let watch: PageWatch;

  beforeAll(async () => {
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      AUTH_RATE_LIMIT_MAX: "1000",
      INBOX_SMTP_PORT: "0",
      INBOX_EMAIL_DOMAIN: DOMAIN,
    });
    browser = await launchBrowser();
    watch = await openPage(browser);
  });
  afterAll(async () => {
    await watch?.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  it("shows the inbox address, takes a mail for it and shows the entry", async () => {
    const { page } = watch;
    await signUp(page, server.localUrl);
    await page.goto(`${server.localUrl}/settings/list`);
    await page.getByTestId("inbox-new-handle").fill("letters");
    await page.getByTestId("inbox-new-title").fill("Letters");
    await page.getByTestId("inbox-create").click();
    await expect
      .poll(() => page.getByTestId("inbox-email").textContent(), { timeout: 20_000 })
      .toBe(`letters@${DOMAIN}`);
    expect(await page.getByTestId("inbox-webhook").textContent()).toBe(
      `${server.localUrl}/api/inbox-webhooks/letters`,
    );

    await nodemailer
      .createTransport({
        host: "127.0.0.1",
        port: server.smtpPort!,
        secure: false,
        ignoreTLS: true,
      })
      .sendMail({
        from: '"The Weekly" <weekly@example.com>',
        to: `letters@${DOMAIN}`,
        subject: "Issue 7: gardens",
        html: "<table><tr><td><h2>Gardens</h2><p>Plant <b>now</b>.</p></td></tr></table><script>window.pwned = 1</script>",
      });

    await page.goto(`${server.localUrl}/timeline/view-0/inbox-letters/pending`);
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 30_000 }).toBe(1);
    const [id] = await timelineIds(page);
    await openEntry(page, id!);
    const pane = page.locator(`[data-testid="entry-view"][data-entry-id="${id}"]`);
    await expect.poll(() => pane.textContent(), { timeout: 20_000 }).toContain("Plant now.");
    expect(await pane.textContent()).toContain("Issue 7: gardens");
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.getByTestId("subscription-title").allTextContents()).toContain("Letters");
  });
});
