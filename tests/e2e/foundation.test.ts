import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";

const PASSWORD = "correct horse battery";

describe("foundation end to end (Chromium, real server, built client)", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signUp(watch: PageWatch, email: string) {
    const { page } = watch;
    await page.goto(`${server.localUrl}/`);
    await page.waitForURL(/\/login/);
    await page.getByTestId("login-tab-sign-up").click();
    await page.getByLabel("Name").fill("Ada Reader");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
  }

  it("signs up, lands on the Articles timeline, stays signed in on reload, signs out", async () => {
    const watch = await openPage(browser);
    const { page } = watch;
    const email = uniqueEmail("e2e");
    await signUp(watch, email);

    await page.waitForURL(/\/timeline\/view-0\/all\/pending$/);
    await expect.poll(() => page.getByTestId("user-email").textContent()).toBe(email);
    expect(await page.getByTestId("timeline-view").getAttribute("data-view")).toBe("0");
    expect(await page.getByTestId("timeline-feed").getAttribute("data-kind")).toBe("all");
    expect(await page.getByTestId("timeline-entry").getAttribute("data-entry-id")).toBe("pending");

    const cookies = await watch.context.cookies();
    const session = cookies.find((c) => c.name.includes("session_token"));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");

    await page.reload();
    await expect.poll(() => page.getByTestId("user-email").textContent()).toBe(email);
    expect(page.url()).toMatch(/\/timeline\/view-0\/all\/pending$/);

    await page.getByTestId("sign-out").click();
    await page.waitForURL(/\/login/);
    await page.goto(`${server.localUrl}/settings`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(watch.errors).toEqual([]);
    await watch.context.close();
  });

  it("shows the server's error for a wrong password and stays on the login page", async () => {
    const first = await openPage(browser);
    const email = uniqueEmail("e2e");
    await signUp(first, email);
    await first.page.waitForURL(/\/timeline\//);
    await first.context.close();

    const { page, context } = await openPage(browser);
    await page.goto(`${server.localUrl}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not my password");
    await page.getByTestId("login-submit").click();
    const alert = page.getByTestId("login-error");
    await alert.waitFor();
    // One message, not "Unauthorized" above the reason.
    expect(await alert.textContent()).toBe("Wrong e-mail address or password.");
    expect(new URL(page.url()).pathname).toBe("/login");

    // The right password, after a redirect-protected visit, returns to where the user was going.
    await page.goto(`${server.localUrl}/discover`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(/\/discover$/);
    await page.getByTestId("discover-page").waitFor();
    await context.close();
  });

  describe("routing when signed in", () => {
    let watch: PageWatch;
    let page: Page;
    beforeAll(async () => {
      watch = await openPage(browser);
      page = watch.page;
      await signUp(watch, uniqueEmail("e2e"));
      await page.waitForURL(/\/timeline\//);
    });
    afterAll(() => watch.context.close());

    it("shows the not-found page with the current path and goes back home", async () => {
      await page.goto(`${server.localUrl}/no/such/place?x=1`);
      await page.getByTestId("not-found-page").waitFor();
      expect(await page.getByTestId("not-found-message").textContent()).toBe(
        "You have come to a desert of knowledge where there is nothing.",
      );
      expect(await page.getByTestId("not-found-path").textContent()).toContain("/no/such/place");
      await page.getByTestId("back-home").click();
      await page.waitForURL(/\/timeline\/view-0\/all\/pending$/);
    });

    it("redirects any path ending in /index.html to the root", async () => {
      await page.goto(`${server.localUrl}/deep/path/index.html`);
      await page.waitForURL(/\/timeline\/view-0\/all\/pending$/);
    });

    it("parses every feedId form, view-N and pending entry ids", async () => {
      const cases: Array<[string, string, string, string]> = [
        ["/timeline/view-2/collections/pending", "2", "collections", ""],
        ["/timeline/view-4/folder-Tech%20News/pending", "4", "folder", "Tech News"],
        ["/timeline/view-1/list-123456789012345/pending", "1", "list", "123456789012345"],
        ["/timeline/view-5/inbox-my-inbox/pending", "5", "inbox", "my-inbox"],
        [
          "/timeline/view-3/1234567890123,1234567890124/1234567890125",
          "3",
          "feeds",
          "1234567890123,1234567890124",
        ],
        ["/timeline/somelist/1234567890123/pending", "0", "feed", "1234567890123"],
      ];
      for (const [path, view, kind, value] of cases) {
        await page.goto(`${server.localUrl}${path}`);
        const feed = page.getByTestId("timeline-feed");
        await feed.waitFor();
        expect(await page.getByTestId("timeline-view").getAttribute("data-view"), path).toBe(view);
        expect(await feed.getAttribute("data-kind"), path).toBe(kind);
        expect(await feed.getAttribute("data-value"), path).toBe(value);
      }
      await page.goto(`${server.localUrl}/timeline/view-3/1234567890123/1234567890125`);
      await expect
        .poll(() => page.getByTestId("timeline-entry").getAttribute("data-entry-id"))
        .toBe("1234567890125");
    });

    it("shows the route error page whose buttons work", async () => {
      await page.goto(`${server.localUrl}/timeline/view-0/all/pending?__throw=1`);
      await page.getByTestId("route-error-page").waitFor();
      expect(await page.getByTestId("error-message").textContent()).toContain("Test route error");

      const href = await page.getByTestId("error-submit-issue").getAttribute("href");
      const issue = new URL(href!);
      for (const key of ["labels", "title", "body", "category", "template"]) {
        expect(issue.searchParams.has(key), key).toBe(true);
      }
      const body = issue.searchParams.get("body")!;
      for (const field of [
        "0.6.1",
        "web",
        "Chrome",
        "Session trace id",
        "Error trace id",
        "Mode",
      ]) {
        expect(body, field).toContain(field);
      }
      expect(body).toContain((await page.getByTestId("error-trace-id").textContent())!.trim());

      // Reload really reloads (the marker set on window disappears).
      await page.evaluate(() => {
        (window as unknown as { marker: number }).marker = 1;
      });
      await page.getByTestId("error-reload").click();
      await page.waitForFunction(() => !(window as unknown as { marker?: number }).marker);
      await page.getByTestId("route-error-page").waitFor();

      // Reset Local Database clears local data and goes to the root.
      await page.evaluate(() => localStorage.setItem("follow:probe", "x"));
      await page.getByTestId("error-reset-database").click();
      // The reset reloads and then redirects: wait for where it lands, not for one navigation
      // (the first one is aborted by the second).
      await expect
        .poll(() => page.url(), { timeout: 30_000 })
        .toMatch(/\/timeline\/view-0\/all\/pending$/);
      await page.waitForLoadState("load");
      expect(await page.evaluate(() => localStorage.getItem("follow:probe"))).toBeNull();
    });
  });
});
