import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { uniqueEmail } from "../support/http-client.ts";
import {
  startOidcProvider,
  startServerWithOidc,
  type TestOidcProvider,
} from "../support/oidc-provider.ts";
import type { TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { PASSWORD } from "./support/reader.ts";

/** A provider-made account: the new-user guide, then a password of its own (Chromium). */
describe("a password for a provider-only account (Chromium)", () => {
  let idp: TestOidcProvider;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    idp = await startOidcProvider();
    server = await startServerWithOidc(idp, "sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await idp?.close();
  });

  it("greets the new account with the guide, sets a password, then signs in with it", async () => {
    const watch = await openPage(browser);
    const { page } = watch;
    const email = uniqueEmail("e2e-oidc-password");
    idp.signInAs({ sub: `sub-${email}`, email, name: "Pat Provider" });
    await page.goto(`${server.localUrl}/login`);
    await page.getByTestId("social-oidc").click();
    await page.waitForURL(/\/timeline\//, { timeout: 20_000 });
    // The provider sent a new account back marked new; the mark leaves the address bar.
    await page.getByTestId("new-user-guide").waitFor();
    expect(new URL(page.url()).hash).toBe("");
    await page.getByTestId("new-user-guide-skip").click();

    await page.goto(`${server.localUrl}/settings/account`);
    await page.getByTestId("set-password-form").waitFor();
    expect(await page.getByTestId("account-current-password").count()).toBe(0);
    await page.getByTestId("set-password-new").fill(PASSWORD);
    await page.getByTestId("set-password-repeat").fill("something else entirely");
    await page.getByTestId("set-password-submit").click();
    expect(await page.getByTestId("set-password-error").textContent()).toContain("differ");
    await page.getByTestId("set-password-repeat").fill(PASSWORD);
    await page.getByTestId("set-password-submit").click();
    // Now the account has one: the form to change it takes the place of the one to set it.
    await page.getByTestId("account-current-password").waitFor();
    expect(await page.getByTestId("set-password-form").count()).toBe(0);

    await page.getByTestId("settings-sign-out").click();
    await page.waitForURL(/\/login/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(/\/timeline\//);
    await expect.poll(() => page.getByTestId("user-email").textContent()).toBe(email);
    // Signing in is not signing up: no guide.
    expect(await page.getByTestId("new-user-guide").count()).toBe(0);
    expect(watch.errors).toEqual([]);
    await watch.context.close();
  });
});
