import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { signUp } from "./support/reader.ts";

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

function shellCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await caches.keys()).filter((name) => name.startsWith("follow-shell-")),
  );
}

/** The page is controlled by an activated worker. */
async function waitForController(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller?.state === "activated",
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Asks for the deployed worker until a new one controls the page. An update check that joins
 * one already under way (a page load's own) can end without seeing the new file, so a check
 * that brings no new worker within its time is asked again; each wait is bounded, and a failure
 * says what the registration held.
 */
async function takeOverByNewWorker(page: Page) {
  const outcome = await page.evaluate(async () => {
    const container = navigator.serviceWorker;
    const registration = await container.getRegistration();
    if (!registration) return "no registration";
    const before = container.controller;
    for (let attempt = 0; attempt < 3; attempt++) {
      await registration.update();
      for (let waited = 0; waited < 10_000; waited += 100) {
        if (container.controller && container.controller !== before) return "taken over";
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const state = (worker: ServiceWorker | null) => worker?.state ?? "none";
    return `no new controller: installing ${state(registration.installing)}, waiting ${state(registration.waiting)}, active ${state(registration.active)}`;
  });
  expect(outcome).toBe("taken over");
}

/**
 * The web app can be installed (a valid manifest with icons, a service worker) and opens
 * while offline from the app shell the worker keeps, in Chromium.
 */
describe("installable web app (Chromium)", () => {
  let server: TestServer;
  let browser: Browser;
  let dist: string;

  beforeAll(async () => {
    // A copy of the build, so a test can deploy a "new build" under the running server.
    dist = mkdtempSync(join(tmpdir(), "follow-e2e-installable-"));
    cpSync(inject("clientDistDir"), dist, { recursive: true });
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: dist,
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it("links a valid manifest with icons, and serves the worker uncached", async () => {
    const html = await fetch(`${server.localUrl}/`);
    const csp = html.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/manifest-src 'self'/);
    const page = await html.text();
    const link = /<link rel="manifest" href="([^"]+)"/.exec(page);
    expect(link?.[1]).toBe("/manifest.webmanifest");

    const manifestResponse = await fetch(`${server.localUrl}${link![1]}`);
    expect(manifestResponse.headers.get("content-type")).toBe("application/manifest+json");
    const manifest = (await manifestResponse.json()) as Record<string, unknown> & {
      icons: ManifestIcon[];
    };
    expect(manifest).toMatchObject({
      name: "Follow",
      short_name: "Follow",
      start_url: "/",
      display: "standalone",
      theme_color: "#ff5c00",
      background_color: "#ffffff",
    });
    // The accent colour of the UI and the page's theme-color agree with the manifest.
    expect(page).toContain('<meta name="theme-color" content="#ff5c00"');
    const wanted = [
      ["192x192", "any"],
      ["512x512", "any"],
      ["512x512", "maskable"],
    ];
    for (const [sizes, purpose] of wanted) {
      const icon = manifest.icons.find(
        (i) => i.sizes === sizes && (i.purpose ?? "any") === purpose,
      );
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      const response = await fetch(new URL(icon!.src, server.localUrl));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      const [width, height] = pngSize(Buffer.from(await response.arrayBuffer()));
      expect(`${width}x${height}`).toBe(sizes);
    }

    const worker = await fetch(`${server.localUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    // The build stamped its version into the cache name.
    expect(await worker.text()).toMatch(/const CACHE = `\$\{PREFIX\}[0-9a-f]{16}`/);
  });

  it("Chromium reads the manifest without errors", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.localUrl}/login`);
    const cdp = await context.newCDPSession(page);
    const result = (await cdp.send("Page.getAppManifest")) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(result.url).toBe(`${server.localUrl}/manifest.webmanifest`);
    expect(result.errors).toEqual([]);
    expect(JSON.parse(result.data ?? "{}").display).toBe("standalone");
    await context.close();
  });

  it("activates the worker and opens offline: the sign-in page, then the timeline", async () => {
    const watch: PageWatch = await openPage(browser);
    const { page, context } = watch;
    await page.goto(`${server.localUrl}/login`);
    await waitForController(page);
    expect(await shellCaches(page)).toHaveLength(1);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("login-submit").waitFor({ timeout: 20_000 });
    await context.setOffline(false);

    await signUp(page, server.localUrl);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("timeline-page").waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="sync-indicator"][data-state="offline"]').waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it("a new build installs a new worker whose cache replaces the old one's", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.localUrl}/login`);
    await waitForController(page);
    const [first] = await shellCaches(page);
    expect(first).toMatch(/^follow-shell-[0-9a-f]{16}$/);

    // "Deploy" a build with another version, twice. The running page is taken over each time.
    const swPath = join(dist, "sw.js");
    const original = readFileSync(swPath, "utf8");
    const versions: string[] = [first!];
    for (const next of ["0000000000000001", "0000000000000002"]) {
      writeFileSync(
        swPath,
        original.replace(/(const CACHE = `\$\{PREFIX\})[0-9a-f]{16}/, `$1${next}`),
      );
      await takeOverByNewWorker(page);
      await waitForController(page);
      versions.push(`follow-shell-${next}`);
      // The new build's cache and the one just before it (for tabs still on that build).
      await expect
        .poll(async () => (await shellCaches(page)).sort(), { timeout: 10_000 })
        .toEqual(versions.slice(-2).sort());
    }
    // The page still works under the new worker, also offline.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("login-submit").waitFor({ timeout: 20_000 });
    await context.setOffline(false);
    writeFileSync(swPath, original);
    await context.close();
    // Room for every bounded wait above, so a failure reports what the registration held.
  }, 180_000);
});
