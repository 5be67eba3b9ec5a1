import type { Page } from "playwright-core";
import { expect } from "vitest";
import { rssFeed } from "../../support/feed-server.ts";
import { uniqueEmail } from "../../support/http-client.ts";

export const PASSWORD = "correct horse battery";

/**
 * Signs up a new user through the login page; resolves on the Articles timeline with the
 * new-user guide (shown once after a sign-up) dismissed.
 */
export async function signUp(page: Page, baseUrl: string, email = uniqueEmail("reader")) {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/login/);
  await page.getByTestId("login-tab-sign-up").click();
  await page.getByLabel("Name").fill("Ada Reader");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/timeline\/view-0\/all\/pending$/);
  await waitForSynced(page);
  await dismissNewUserGuide(page);
  return email;
}

/** Signs an existing account in through the login page (another device); resolves synced. */
export async function signIn(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/timeline\//);
  await waitForSynced(page);
}

/** Skips the new-user guide a sign-up through the login page opens. */
export async function dismissNewUserGuide(page: Page) {
  await page.getByTestId("new-user-guide-skip").click({ timeout: 20_000 });
  await page.getByTestId("new-user-guide").waitFor({ state: "hidden" });
}

/** The sync indicator says everything is sent and pulled. */
export async function waitForSynced(page: Page, timeout = 30_000) {
  await page.locator('[data-testid="sync-indicator"][data-state="synced"]').waitFor({ timeout });
}

/**
 * Quick add by URL: picks the view and folder, waits until the server confirmed the feed and
 * its entries are stored, then opens it. Resolves with the feed id.
 */
export async function quickAdd(
  page: Page,
  url: string,
  options: { view?: number; category?: string; open?: boolean } = {},
): Promise<string> {
  await page.getByTestId("quick-add-button").click();
  const dialog = page.getByTestId("quick-add-dialog");
  await dialog.getByTestId("quick-add-url").fill(url);
  if (options.view !== undefined) {
    await dialog.getByTestId("quick-add-view").selectOption(String(options.view));
  }
  if (options.category) await dialog.getByTestId("quick-add-category").fill(options.category);
  await dialog.getByTestId("quick-add-submit").click();
  const done = dialog.getByTestId("quick-add-done");
  await done.waitFor({ timeout: 30_000 });
  const feedId = (await done.getAttribute("data-feed-id"))!;
  await expect
    .poll(
      async () =>
        Number(
          (await dialog.getByTestId("quick-add-entries").textContent())?.match(/\d+/)?.[0] ?? 0,
        ),
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThan(0);
  if (options.open === false) await page.keyboard.press("Escape");
  else await dialog.getByTestId("quick-add-open").click();
  await dialog.waitFor({ state: "hidden" });
  if (options.open !== false) {
    // "Open feed" lands on the feed the dialog named; when it does not, the failure shows where.
    await expect
      .poll(() => decodeURIComponent(new URL(page.url()).pathname), { timeout: 20_000 })
      .toContain(`/${feedId}/`);
  }
  return feedId;
}

/** A site page announcing its feed the way blogs do. */
export function sitePage(title: string, feedPath: string) {
  return `<!doctype html><html><head><title>${title}</title>
<link rel="alternate" type="application/rss+xml" title="${title}" href="${feedPath}"></head>
<body><h1>${title}</h1></body></html>`;
}

/** An RSS feed of `count` items, the newest an hour old, one hour apart. */
export function recentFeed(title: string, prefix: string, count: number) {
  const now = Date.now();
  return rssFeed(
    title,
    Array.from({ length: count }, (_, i) => ({
      guid: `${prefix}-${i + 1}`,
      title: `${title} item ${i + 1}`,
      date: new Date(now - (i + 1) * 3_600_000),
      html: `<p>Body of ${title} item ${i + 1}. <a href="https://example.com/${prefix}/${i + 1}">Read more</a></p>`,
    })),
  );
}

/** The entry ids the timeline shows, in order. */
/**
 * Changes a settings tab the way the settings page stores it (newer than the server's copy, so
 * it wins the next settings sync), then reloads so the reader starts with it.
 */
export async function setSettings(page: Page, tab: string, values: Record<string, unknown>) {
  await page.evaluate(
    ({ tab, values }) => {
      const key = `follow:settings:${tab}`;
      const stored = JSON.parse(localStorage.getItem(key) ?? "{}") as { values?: object };
      localStorage.setItem(
        key,
        JSON.stringify({ values: { ...stored.values, ...values }, updated: Date.now() }),
      );
    },
    { tab, values },
  );
  await page.reload();
}

export function setGeneralSettings(page: Page, values: Record<string, unknown>) {
  return setSettings(page, "general", values);
}

export async function timelineIds(page: Page): Promise<string[]> {
  return page
    .getByTestId("timeline-item")
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.entryId ?? ""));
}

/** Opens an entry of the timeline by its id and waits for the entry pane to show it. */
export async function openEntry(page: Page, id: string) {
  await page
    .locator(`[data-testid="timeline-item"][data-entry-id="${id}"] [data-testid="entry-link"]`)
    .first()
    .click();
  await page.locator(`[data-testid="entry-view"][data-entry-id="${id}"]`).waitFor();
}
