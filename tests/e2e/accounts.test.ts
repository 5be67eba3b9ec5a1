import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { base32Decode, totpAt } from "../../server/accounts/totp.ts";
import { codeFor } from "../support/accounts.ts";
import { uniqueEmail } from "../support/http-client.ts";
import { type MailReceiver, startMailReceiver } from "../support/mail-receiver.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { PASSWORD, signUp } from "./support/reader.ts";

/** An unused code of the authenticator that was shown `secret` (each code is taken once). */
const codeOf = (secret: string) => codeFor(`otpauth://totp/Follow:e2e?secret=${secret}`);

/** The link of a received mail that points at our server. */
function linkOf(mail: { links: string[] }, server: TestServer): string {
  const link = mail.links.find((l) => l.startsWith(server.localUrl));
  if (!link) throw new Error(`no link to the server in ${mail.links.join(" ")}`);
  return link;
}

/**
 * An account's life in Chromium, with a real SMTP receiver: sign up, verify through the mailed
 * link, turn two-factor on, sign in with the code, change the address, delete the account.
 */
describe("accounts (Chromium)", () => {
  let server: TestServer;
  let smtp: MailReceiver;
  let browser: Browser;
  let watch: PageWatch;
  let page: Page;
  let email: string;
  let secret: string;

  beforeAll(async () => {
    smtp = await startMailReceiver();
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      AUTH_RATE_LIMIT_MAX: "1000",
      SMTP_URL: smtp.url,
    });
    browser = await launchBrowser();
    watch = await openPage(browser);
    page = watch.page;
  });
  afterAll(async () => {
    await watch?.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  const status = () => page.getByTestId("account-email-status").getAttribute("data-verified");

  it("signs up unverified, and the mailed link verifies the address", async () => {
    email = await signUp(page, server.localUrl, uniqueEmail("e2e-account"));
    await page.goto(`${server.localUrl}/settings/account`);
    await expect.poll(status).toBe("false");
    expect(await page.getByTestId("account-email").textContent()).toBe(email);
    const mail = await smtp.next(email);
    expect(mail.text).toContain("Ada Reader");
    await page.goto(linkOf(mail, server));
    await page.goto(`${server.localUrl}/settings/account`);
    // The page boots again and asks for the session: on a loaded machine that takes a while.
    await expect.poll(status, { timeout: 20_000 }).toBe("true");
    expect(await page.getByTestId("account-resend-verification").count()).toBe(0);
  });

  it("turns two-factor on with the password, a locally drawn QR code and a code", async () => {
    await page.getByTestId("two-factor-password").fill(PASSWORD);
    await page.getByTestId("two-factor-enable").click();
    const qr = page.getByTestId("two-factor-qr");
    await qr.waitFor();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await page.getByTestId("two-factor-code").fill(await codeOf(secret));
    await page.getByTestId("two-factor-confirm").click();
    const codes = page.getByTestId("two-factor-backup-codes");
    await codes.waitFor();
    expect(await codes.locator("li").count()).toBeGreaterThanOrEqual(8);
    await page.getByTestId("two-factor-done").click();
    await expect
      .poll(() => page.getByTestId("two-factor-status").getAttribute("data-enabled"))
      .toBe("true");
  });

  it("signs out, then signs in with the password and the code (a wrong code is refused)", async () => {
    await page.getByTestId("settings-sign-out").click();
    await page.waitForURL(/\/login/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    const code = page.getByTestId("login-two-factor-code");
    await code.waitFor();
    const right = totpAt(base32Decode(secret), Date.now());
    await code.fill(right === "000000" ? "111111" : "000000");
    await page.getByTestId("login-two-factor-submit").click();
    await page.getByTestId("login-two-factor-error").waitFor();
    expect(await page.getByTestId("login-two-factor-error").textContent()).toContain(
      "Invalid two factor code",
    );
    await code.fill(await codeOf(secret));
    await page.getByTestId("login-two-factor-submit").click();
    await page.waitForURL(/\/timeline\//);
  });

  it("changes the address through the link mailed to the new one, telling the old one", async () => {
    const newEmail = uniqueEmail("e2e-moved");
    await page.goto(`${server.localUrl}/settings/account`);
    await page.getByTestId("account-new-email").fill(newEmail);
    await page.getByTestId("account-change-email-submit").click();
    await page.getByTestId("account-change-email-success").waitFor();
    const confirm = await smtp.next(newEmail);
    const notice = await smtp.next(email);
    expect(notice.text).toContain(newEmail);
    await page.goto(linkOf(confirm, server));
    await page.waitForURL(/\/settings\/account$/);
    await expect.poll(() => page.getByTestId("account-email").textContent()).toBe(newEmail);
    email = newEmail;
  });

  it("deletes the account with the password and the code, and this browser forgets it", async () => {
    await page.getByTestId("delete-account-password").fill(PASSWORD);
    await page.getByTestId("delete-account-code").fill(await codeOf(secret));
    expect(await page.getByTestId("delete-account").isDisabled()).toBe(true);
    await page.getByTestId("delete-account-sure").check();
    await page.getByTestId("delete-account").click();
    await page.waitForURL(/\/login/);
    const cached = await page.evaluate(() => JSON.stringify(localStorage));
    expect(cached).not.toContain(email);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.getByTestId("login-error").waitFor();
    expect(await page.getByTestId("login-error").textContent()).toBe(
      "Wrong e-mail address or password.",
    );
    expect(watch.errors.filter((e) => !/401|403|Failed to load resource/.test(e))).toEqual([]);
  });

  it("edits the profile; a refused edit rolls back visibly, a stored one survives a reload", async () => {
    const other = await openPage(browser);
    const p = other.page;
    await signUp(p, server.localUrl, uniqueEmail("e2e-profile"));
    await p.goto(`${server.localUrl}/settings/profile`);
    await p.getByTestId("profile-name").fill("Grace Hopper");
    // The server fails this one write: the edit shows, then the previous name comes back.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await p.route("**/api/better-auth/update-user", async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: 1005, message: "Internal error", reason: "injected" }),
      });
    });
    await p.getByTestId("profile-save").click();
    await expect.poll(() => p.getByTestId("user-name").textContent()).toBe("Grace Hopper");
    release();
    await p.getByTestId("profile-error").waitFor();
    await expect.poll(() => p.getByTestId("user-name").textContent()).toBe("Ada Reader");
    expect(await p.getByTestId("profile-preview-name").textContent()).toBe("Ada Reader");

    await p.unroute("**/api/better-auth/update-user");
    const handle = `grace_${Date.now().toString(36)}`;
    await p.getByTestId("profile-handle").fill(handle);
    await p.getByTestId("profile-bio").fill("Wrote the first compiler.");
    await p.getByTestId("profile-social-github").fill("grace");
    // An avatar from a file: drawn from the server's copy, and kept by the save below.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await p.getByTestId("profile-avatar-file").setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: png,
    });
    await p.getByTestId("profile-avatar-success").waitFor();
    const avatar = p.getByTestId("profile-preview").locator("img");
    await expect.poll(() => avatar.getAttribute("src")).toMatch(/^\/api\/uploads\/avatars\//);
    expect(await avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await p.getByTestId("profile-save").click();
    await p.getByTestId("profile-success").waitFor();
    await p.reload();
    await expect
      .poll(() => p.getByTestId("profile-preview-handle").textContent())
      .toBe(`@${handle}`);
    expect(await p.getByTestId("profile-name").inputValue()).toBe("Grace Hopper");
    expect(await p.getByTestId("profile-bio").inputValue()).toBe("Wrote the first compiler.");
    expect(await p.getByTestId("profile-social-github").inputValue()).toBe("grace");
    expect(await p.getByTestId("profile-image").inputValue()).toMatch(/^\/api\/uploads\/avatars\//);
    await other.context.close();
  });

  it("resets a forgotten password from the login page through the mailed link", async () => {
    const other = await openPage(browser);
    const address = await signUp(other.page, server.localUrl, uniqueEmail("e2e-forgot"));
    await smtp.next(address);
    await other.context.clearCookies();
    await other.page.goto(`${server.localUrl}/login`);
    // Signing up again with the address says what happened, not whether it is registered.
    await other.page.getByTestId("login-tab-sign-up").click();
    await other.page.getByLabel("Name").fill("Someone");
    await other.page.getByLabel("Email").fill(address);
    await other.page.getByLabel("Password").fill("another long passphrase");
    await other.page.getByTestId("login-submit").click();
    await other.page.getByTestId("login-error").waitFor();
    expect(await other.page.getByTestId("login-error").textContent()).toBe(
      "No new account was created. We sent a mail to this address saying what to do next: check your inbox. If you already have an account, sign in instead.",
    );
    const notice = await smtp.next(address);
    expect(notice.subject).toBe("Someone tried to create a Follow account with your address");
    await other.page.getByTestId("login-tab-sign-in").click();
    await other.page.getByTestId("login-forgot").click();
    await other.page.getByTestId("forgot-email").fill(address);
    await other.page.getByTestId("forgot-submit").click();
    await other.page.getByTestId("forgot-success").waitFor();
    const mail = await smtp.next(address);
    await other.page.goto(linkOf(mail, server));
    await other.page.getByTestId("reset-password").fill("a fresh new passphrase");
    await other.page.getByTestId("reset-submit").click();
    await other.page.getByTestId("reset-sign-in").click();
    await other.page.getByLabel("Email").fill(address);
    await other.page.getByLabel("Password").fill("a fresh new passphrase");
    await other.page.getByTestId("login-submit").click();
    await other.page.waitForURL(/\/timeline\//);
    await other.context.close();
  });
});
