import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { uniqueEmail } from "../support/http-client.ts";
import {
  startOidcProvider,
  startServerWithOidc,
  type TestOidcProvider,
} from "../support/oidc-provider.ts";
import type { TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { dismissNewUserGuide } from "./support/reader.ts";

/** Social sign-in in Chromium through a real OpenID Connect provider run on loopback. */
describe("social sign-in (Chromium)", () => {
  let idp: TestOidcProvider;
  let server: TestServer;
  let browser: Browser;
  let watch: PageWatch;
  let page: Page;

  beforeAll(async () => {
    idp = await startOidcProvider();
    server = await startServerWithOidc(idp, "sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
    });
    browser = await launchBrowser();
    watch = await openPage(browser);
    page = watch.page;
  });
  afterAll(async () => {
    await watch?.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    await idp?.close();
  });

  it("signs up through the provider from the login page and lands in the app", async () => {
    const email = uniqueEmail("e2e-oidc");
    idp.signInAs({ sub: `sub-${email}`, email, name: "Olive Oidc" });
    await page.goto(`${server.localUrl}/`);
    await page.waitForURL(/\/login/);
    const button = page.getByTestId("social-oidc");
    expect(await button.textContent()).toBe("Continue with Test ID");
    await button.click();
    await page.waitForURL(/\/timeline\//, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId("user-name").textContent()).toBe("Olive Oidc");
    expect(await page.getByTestId("user-email").textContent()).toBe(email);
    // A new account is greeted by the guide (loaded on demand): skipped, as a person would,
    // so it never opens over a later page of this test.
    await dismissNewUserGuide(page);
  });

  it("lists the provider account and this browser's session in settings", async () => {
    await page.goto(`${server.localUrl}/settings/account`);
    await page.getByTestId("linked-oidc").waitFor();
    // The only way to sign in: unlinking it is not offered.
    expect(await page.getByTestId("unlink-oidc").isDisabled()).toBe(true);
    const rows = page.getByTestId("session-row");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute("data-current")).toBe("true");
    expect(await rows.first().textContent()).toContain("Chrome");
  });

  it("shows the version and the licences of the shipped packages in Settings › About", async () => {
    await page.goto(`${server.localUrl}/settings/about`);
    expect(await page.getByTestId("about-version").textContent()).toBe("version 0.6.1");
    await page.getByTestId("about-license-filter").fill("better-auth");
    const rows = page.getByTestId("about-license-list").locator("li");
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    for (const text of await rows.allTextContents()) expect(text).toContain("better-auth");
    expect(await page.getByTestId("about-issues").getAttribute("href")).toMatch(/^https:\/\//);
  });

  it("deletes an account made through the provider without asking for a password", async () => {
    await page.goto(`${server.localUrl}/settings/account`);
    await page.getByTestId("linked-oidc").waitFor();
    expect(await page.getByTestId("delete-account-password").count()).toBe(0);
    await page.getByTestId("delete-account-sure").check();
    await page.getByTestId("delete-account").click();
    await page.waitForURL(/\/login/);
    await page.getByTestId("social-oidc").waitFor();
  });
});
