import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/e2e/support/browser.ts";
import { signUp, waitForSynced } from "../tests/e2e/support/reader.ts";
import { FeedServer } from "../tests/support/feed-server.ts";
import { startTestServer } from "../tests/support/server.ts";
import { enclosures, FEEDS, pictures, VIEWS } from "./screenshots/feeds.ts";
import { ensureCjkFonts } from "./screenshots/fonts.ts";
import { paintAll } from "./screenshots/paint.ts";

/**
 * Takes the README screenshots from the real UI: `npm run build && node scripts/screenshots.ts`.
 * Writes docs/screenshots/*.png: the login, settings and not-found pages, each of the six
 * timeline views in light and dark, quick add's done state, the pictures lightbox and the
 * settings pages general (mark as read), privacy, power, actions and lists (an inbox's
 * webhook); filled from made-up feeds served on loopback (the pictures are flat illustrations
 * painted by the browser itself, so nothing is fetched from outside).
 */
const out = "docs/screenshots";
const VIEWPORT = { width: 1280, height: 760 };

// ---------------------------------------------------------------------------------------------
// Driving the app.

/** Quick add by URL into a view (and folder); waits until the feed and its entries arrived. */
async function subscribe(page: Page, url: string, view: number, category?: string, shot?: string) {
  await page.getByTestId("quick-add-button").click();
  const dialog = page.getByTestId("quick-add-dialog");
  await dialog.getByTestId("quick-add-url").fill(url);
  await dialog.getByTestId("quick-add-view").selectOption(String(view));
  if (category) await dialog.getByTestId("quick-add-category").fill(category);
  await dialog.getByTestId("quick-add-submit").click();
  await dialog
    .locator('[data-testid="quick-add-done"], [data-testid="quick-add-error"]')
    .first()
    .waitFor({ timeout: 30_000 });
  if (await dialog.getByTestId("quick-add-error").count()) {
    throw new Error(`quick add failed for ${url}: ${await dialog.textContent()}`);
  }
  await page.waitForFunction(
    () => {
      const text = document.querySelector('[data-testid="quick-add-entries"]')?.textContent;
      return Number(text?.match(/\d+/)?.[0] ?? 0) > 0;
    },
    undefined,
    { timeout: 20_000 },
  );
  if (shot) {
    await settle(page);
    await page.screenshot({ path: `${out}/${shot}.png` });
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
}

/** Waits until every image on screen has loaded and the sync indicator is at rest. */
async function settle(page: Page) {
  await waitForSynced(page);
  await page.waitForFunction(
    () =>
      [...document.images].every((img) => {
        const box = img.getBoundingClientRect();
        const visible = box.bottom > 0 && box.top < innerHeight && box.width > 0;
        return !visible || (img.complete && img.naturalWidth > 0);
      }),
    undefined,
    { timeout: 20_000 },
  );
  // Toasts fade out; a spinner or skeleton would mean something is still loading.
  await page.waitForFunction(
    () =>
      !document.querySelector("[data-sonner-toast]") &&
      !document.querySelector('[data-testid="entry-loading"], .animate-pulse, .animate-spin'),
    undefined,
    { timeout: 20_000 },
  );
  await page.mouse.move(0, VIEWPORT.height - 1);
  await page.waitForTimeout(400);
}

async function shoot(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains("dark") === dark,
      scheme === "dark",
    );
    await settle(page);
    await page.screenshot({ path: `${out}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Opens /settings/<page>, lets `prepare` set the scene, and takes the viewport (light only). */
async function settingsPage(page: Page, path: string, name: string, prepare?: () => Promise<void>) {
  await page.goto(`${server!.localUrl}/settings/${path}`);
  await page.getByTestId(`settings-page-${path}`).waitFor();
  await settle(page);
  await prepare?.();
  await settle(page);
  await page.screenshot({ path: `${out}/${name}.png` });
}

ensureCjkFonts();
mkdirSync(out, { recursive: true });
const feeds = await new FeedServer().start();
const browser = await launchBrowser();
let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
try {
  // Paint the pictures first (the feed bodies register them), then serve everything.
  const bodies = FEEDS.map((feed) => ({ feed, body: feed.body(feeds.baseUrl) }));
  const painter = await browser.newPage();
  const encoded = await painter.evaluate(paintAll, pictures);
  await painter.close();
  pictures.forEach((spec, i) => {
    const png = Buffer.from(encoded[i]!, "base64");
    feeds.route(spec.path, (_request, response) => {
      response
        .writeHead(200, {
          "content-type": "image/png",
          "content-length": png.length,
          "cache-control": "max-age=3600",
        })
        .end(png);
    });
  });
  // The enclosures themselves: empty, nothing plays them here.
  for (const path of enclosures) {
    feeds.route(path, (_request, response) =>
      response.writeHead(200, { "content-length": 0 }).end(),
    );
  }
  const urls = bodies.map(({ feed, body }) =>
    feeds.serve(
      `/${feed.slug}.${body.startsWith("{") ? "json" : "xml"}`,
      body,
      body.startsWith("{")
        ? "application/feed+json; charset=utf-8"
        : "application/rss+xml; charset=utf-8",
    ),
  );

  server = await startTestServer("sqlite", {
    CLIENT_DIST_DIR: "dist/client",
    AUTH_RATE_LIMIT_MAX: "100",
    FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
  });
  const context = await browser.newContext({ viewport: VIEWPORT, locale: "en-US" });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.warn(`page error: ${error.message}`));

  await page.goto(`${server.localUrl}/login`);
  await page.getByTestId("login-submit").waitFor();
  await page.screenshot({ path: `${out}/login.png` });

  await signUp(page, server.localUrl, "ada@example.com");
  for (const [i, { feed }] of bodies.entries()) {
    // The first quick add is also the picture of its done state (how many entries start unread).
    await subscribe(
      page,
      urls[i]!,
      feed.view,
      feed.category,
      i === 0 ? "quick-add-done" : undefined,
    );
  }

  for (const [view, { name, open }] of VIEWS.entries()) {
    if (name === "pictures") {
      // Pictures at their own ratios (Settings › Appearance), not the default square crops.
      await page.goto(`${server.localUrl}/settings/appearance`);
      // The radio itself is visually hidden: its label takes the click.
      await page.locator('label:has([data-testid="thumbnail-ratio-original"])').click();
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="thumbnail-ratio-original"]') as HTMLInputElement)
            ?.checked,
      );
      await settle(page);
    }
    await page.goto(`${server.localUrl}/timeline/view-${view}/all/pending`);
    await page.getByTestId("timeline-item").first().waitFor({ timeout: 20_000 });
    if (open) {
      await page.getByTestId("entry-link").filter({ hasText: open }).first().click();
      await page.getByTestId("entry-view").waitFor();
    }
    await shoot(page, `view-${name}`);
    if (name === "pictures") {
      await page.getByTestId("picture-lightbox").first().click();
      await page.getByTestId("lightbox-image").waitFor();
      await settle(page);
      await page.screenshot({ path: `${out}/pictures-lightbox.png` });
      await page.keyboard.press("Escape");
      await page.getByTestId("lightbox").waitFor({ state: "hidden" });
    }
  }

  await page.goto(`${server.localUrl}/settings`);
  await page.getByTestId("settings-layout").waitFor();
  await settle(page);
  await page.screenshot({ path: `${out}/settings.png` });

  // The settings pages that say most about how the reader behaves, each scrolled to its point.
  await settingsPage(page, "general", "settings-general", async () => {
    await page
      .getByTestId("mark-read-mode")
      .evaluate((element) => element.scrollIntoView({ block: "center" }));
  });
  await settingsPage(page, "privacy", "settings-privacy");
  // A wallet made and today's POWER claimed (pressed again while the day's amount is computed).
  await settingsPage(page, "power", "settings-power", async () => {
    await page.getByTestId("wallet-create").click();
    const claim = page.getByTestId("claim-daily");
    for (let i = 0; i < 20 && (await claim.textContent()) !== "Claimed today"; i += 1) {
      if (await claim.isEnabled()) await claim.click();
      await page.waitForTimeout(500);
    }
    await page.getByTestId("transaction-row").first().waitFor();
  });
  await settingsPage(page, "actions", "settings-actions", async () => {
    await page.getByTestId("rule-add").click();
    await page.getByTestId("rule-name").first().fill("Mute sponsored posts");
    const value = page.getByTestId("rule-value").first();
    if (await value.isVisible()) await value.fill("sponsored");
  });
  await settingsPage(page, "list", "settings-inboxes", async () => {
    await page.getByTestId("inbox-new-handle").fill("clippings");
    await page.getByTestId("inbox-new-title").fill("Clippings");
    await page.getByTestId("inbox-create").click();
    const help = page.getByTestId("inbox-webhook-help");
    await help.locator("summary").click();
    await page.getByTestId("inbox-webhook-curl").waitFor();
    await page
      .getByTestId("inboxes")
      .evaluate((element) => element.scrollIntoView({ block: "start" }));
  });

  await page.goto(`${server.localUrl}/nowhere`);
  await page.getByTestId("not-found-page").waitFor();
  await page.screenshot({ path: `${out}/not-found.png` });
  console.log(`screenshots written to ${out}/`);
} finally {
  await browser.close();
  await server?.close();
  await feeds.stop();
}
