import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { signUp } from "./support/reader.ts";

/**
 * Settings → Tokens in Chromium: the reader-app addresses, an app password made and shown once,
 * used by a reader app (ClientLogin), its last use listed, then revoked; a personal token used
 * as Bearer.
 */
describe("tokens settings (Chromium)", () => {
  let server: TestServer;
  let browser: Browser;
  let watch: PageWatch;
  let page: Page;
  let email: string;

  beforeAll(async () => {
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    browser = await launchBrowser();
    watch = await openPage(browser);
    page = watch.page;
  });
  afterAll(async () => {
    await watch?.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  const create = async (name: string, kind: string, scope: string) => {
    await page.getByTestId("tokens-name").fill(name);
    await page.getByTestId("tokens-kind").selectOption(kind);
    await page.getByTestId("tokens-scope").selectOption(scope);
    await page.getByTestId("tokens-create").click();
    const secret = page.getByTestId("tokens-secret");
    await secret.waitFor();
    const text = (await secret.textContent())?.trim() ?? "";
    await page.getByTestId("tokens-secret-done").click();
    return text;
  };

  const clientLogin = (password: string) =>
    new TestClient(server.localUrl).request("POST", "/api/greader/accounts/ClientLogin", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `Email=${encodeURIComponent(email)}&Passwd=${encodeURIComponent(password)}`,
    });

  it("shows the addresses reader apps need", async () => {
    email = uniqueEmail("e2e-tokens");
    await signUp(page, server.localUrl, email);
    await page.goto(`${server.localUrl}/settings/tokens`);
    await page.getByTestId("settings-page-tokens").waitFor();
    expect(await page.getByTestId("tokens-greader-url").textContent()).toBe(
      `${server.localUrl}/api/greader`,
    );
    expect(await page.getByTestId("tokens-fever-url").textContent()).toBe(
      `${server.localUrl}/api/fever/`,
    );
    expect(await page.getByTestId("tokens-empty").isVisible()).toBe(true);
  });

  it("makes an app password a reader app signs in with, lists its last use, revokes it", async () => {
    const password = await create("Reeder on my phone", "app_password", "write");
    expect(password).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){5}$/);
    // Shown once: gone from the page once dismissed, never in the list.
    expect(await page.getByTestId("tokens-secret").count()).toBe(0);
    const row = page.getByTestId("tokens-row").filter({ hasText: "Reeder on my phone" });
    await row.waitFor();
    expect(await page.getByTestId("tokens-list").textContent()).not.toContain(password);
    expect(await row.getByTestId("tokens-last-used").textContent()).toBe("never used");

    const login = await clientLogin(password);
    expect(login.status).toBe(200);
    const auth = /Auth=(.+)\n/.exec(login.text)![1]!;
    const list = await new TestClient(server.localUrl).request(
      "GET",
      "/api/greader/reader/api/0/subscription/list?output=json",
      { headers: { authorization: `GoogleLogin auth=${auth}` } },
    );
    expect(list.status).toBe(200);

    await page.reload();
    const used = page.getByTestId("tokens-row").filter({ hasText: "Reeder on my phone" });
    await used.waitFor();
    expect(await used.getByTestId("tokens-last-used").textContent()).toMatch(/^last used /);

    await used.getByTestId("tokens-revoke").click();
    await page.getByTestId("tokens-empty").waitFor();
    expect((await clientLogin(password)).status).toBe(401);
  });

  it("makes a read-only personal access token that reads as Bearer and cannot write", async () => {
    const token = await create("backup script", "personal", "read");
    expect(token.startsWith("folo_pat_")).toBe(true);
    const bearer = new TestClient(server.localUrl);
    const headers = { authorization: `Bearer ${token}` };
    expect((await bearer.request("GET", "/api/subscriptions", { headers })).status).toBe(200);
    const write = await bearer.request("PATCH", "/api/settings/general", {
      headers,
      json: { language: "ja" },
    });
    expect(write.status).toBe(403);
    const row = page.getByTestId("tokens-row").filter({ hasText: "backup script" });
    expect(await row.textContent()).toContain("Read only");
  });
});
