import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { dismissNewUserGuide } from "./support/reader.ts";

/**
 * A deploy replaced the chunks under a running tab: the lazy page fails to load. The app reloads
 * once (a session flag stops a loop) and then shows the error page instead of reloading again.
 */
describe("module load failure", () => {
  let server: TestServer;
  let browser: Browser;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "follow-e2e-broken-"));
    cpSync(inject("clientDistDir"), dist, { recursive: true });
    const discover = readdirSync(join(dist, "assets")).filter((f) => f.startsWith("discover-page"));
    expect(discover.length).toBeGreaterThan(0);
    for (const file of discover) rmSync(join(dist, "assets", file));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: dist,
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("reloads exactly once, then shows the error page", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.localUrl}/login`);
    await page.getByTestId("login-tab-sign-up").click();
    await page.getByLabel("Name").fill("Chunk Tester");
    await page.getByLabel("Email").fill(uniqueEmail("chunk"));
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByTestId("login-submit").click();
    await page.waitForURL(/\/timeline\//);
    await dismissNewUserGuide(page);

    let loads = 0;
    page.on("load", () => {
      loads += 1;
    });
    await page.getByTestId("nav-discover").click();
    await page.getByTestId("route-error-page").waitFor({ timeout: 30_000 });
    expect(loads).toBe(1);
    expect(await page.getByTestId("error-message").textContent()).toMatch(/chunk/i);
    await context.close();
  });
});
