import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyFromMailDirectory } from "../support/accounts.ts";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { PASSWORD, quickAdd, recentFeed, signUp } from "./support/reader.ts";

/**
 * Invitation mode in Chromium: a trial account hits its feed quota (1100), the activation toast
 * leads to the code form, a valid code lifts the limit.
 */
describe("invitations and trial (Chromium)", () => {
  let feeds: FeedServer;
  let server: TestServer;
  let browser: Browser;
  let watch: PageWatch;
  let page: Page;
  let code: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve("/one.xml", recentFeed("Trial One", "one", 3));
    feeds.serve("/two.xml", recentFeed("Trial Two", "two", 3));
    const adminEmail = uniqueEmail("e2e-admin");
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      REGISTRATION_MODE: "invitation",
      TRIAL_MAX_FEEDS: "1",
      ADMIN_EMAILS: adminEmail,
    });
    const admin = new TestClient(server.localUrl);
    await admin.signUp(adminEmail, PASSWORD);
    // ADMIN_EMAILS makes an admin of a verified address only.
    await verifyFromMailDirectory(server, admin, adminEmail);
    code = (await admin.request("POST", "/api/invitations", { json: {} })).body.data.code;
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

  it("lets a trial account follow one feed, then asks for activation at the second (1100)", async () => {
    await signUp(page, server.localUrl, uniqueEmail("e2e-trial"));
    await quickAdd(page, feeds.url("/one.xml"), { open: false });
    await page.getByTestId("quick-add-button").click();
    const dialog = page.getByTestId("quick-add-dialog");
    await dialog.getByTestId("quick-add-url").fill(feeds.url("/two.xml"));
    await dialog.getByTestId("quick-add-submit").click();
    const error = dialog.getByTestId("quick-add-error");
    await error.waitFor({ timeout: 30_000 });
    expect(await error.getAttribute("data-code")).toBe("1100");
    await dialog.getByTestId("quick-add-activate").click();
    await page.waitForURL(/\/invitation$/);
  });

  it("shows the server's words on the field for a wrong code, and activates with a valid one", async () => {
    const submit = page.getByTestId("invitation-submit");
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId("invitation-code").fill("WRONG23456");
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByTestId("invitation-error").waitFor();
    expect(await page.getByTestId("invitation-error").textContent()).toContain(
      "Invitation code does not exist",
    );
    expect(await page.getByTestId("invitation-code").getAttribute("aria-invalid")).toBe("true");
    await page.getByTestId("invitation-code").fill(code.toLowerCase());
    await submit.click();
    await page.waitForURL(/\/timeline\//);
    await quickAdd(page, feeds.url("/two.xml"), { open: false });
  });
});
