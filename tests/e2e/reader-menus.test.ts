import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import type { PageWatch } from "./support/browser.ts";
import { openEntry, quickAdd, signUp, timelineIds, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const ARTICLE = `<!doctype html><html><head><title>The long read</title></head><body>
<header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main><article><h1>The long read</h1>
${Array.from({ length: 12 }, (_, i) => `<p>Paragraph ${i + 1} of the full article, with enough words in it to count as the readable body of the page that readability extracts for the reader.</p>`).join("\n")}
</article></main><footer>Footer links and noise</footer></body></html>`;

/** A feed's and a folder's menus, the edit dialog, and the full-text (readability) toggle. */
describe("menus, dialogs and full text (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let watch: PageWatch;
  let page: Page;
  let world: ReaderWorld;
  let feedId = "";
  const readabilityCalls: string[] = [];

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      const article = feeds.serve("/article", ARTICLE, "text/html; charset=utf-8");
      const items = [1, 2, 3].map((i) => ({
        guid: `menu-${i}`,
        title: `Menu entry ${i}`,
        date: new Date(Date.now() - i * 3_600_000),
      }));
      // The first entry links to a real page (full text); rssFeed links to example.com otherwise.
      feeds.serve(
        "/menus.xml",
        rssFeed("Menu Feed", items).replace("https://example.com/menu-1", article),
      );
    });
    ({ server, feeds, watch, page } = world);
    page.on("request", (request) => {
      if (request.url().includes("/api/entries/readability")) readabilityCalls.push(request.url());
    });
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  const menu = async (testId: string) => {
    await page.getByTestId(`${testId}-menu`).click();
    const content = page.getByTestId(`${testId}-menu-content`);
    await content.waitFor();
    return content;
  };

  it("loads the full text on demand and keeps it locally", async () => {
    feedId = await quickAdd(page, feeds.url("/menus.xml"));
    // The feed's timeline paints its rows a moment after the route opens.
    await expect
      .poll(async () => (await timelineIds(page)).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const [first] = await timelineIds(page);
    await openEntry(page, first!);
    const view = page.getByTestId("entry-view");
    await page.getByTestId("entry-readability").click();
    await expect.poll(() => view.getAttribute("data-readability"), { timeout: 15_000 }).toBe("1");
    const content = page.getByTestId("entry-content");
    expect(await content.textContent()).toContain("Paragraph 12 of the full article");
    expect(await content.textContent()).not.toContain("Footer links");
    await page.getByTestId("entry-readability").click();
    await expect.poll(() => view.getAttribute("data-readability")).toBe("0");
    // Fresh (under 3 days old) in the local store: on again without asking the server.
    await page.getByTestId("entry-readability").click();
    await expect.poll(() => view.getAttribute("data-readability")).toBe("1");
    expect(readabilityCalls).toHaveLength(1);
    await page.getByTestId("entry-close").click();
  });

  it("edits a subscription: title, folder, private", async () => {
    const items = await menu(`subscription-${feedId}`);
    await items.getByTestId("menu-edit").click();
    const dialog = page.getByTestId("edit-subscription-dialog");
    await dialog.getByTestId("edit-title").fill("Renamed Feed");
    await dialog.getByTestId("edit-category").fill("Work");
    await dialog.getByTestId("edit-private").check();
    await dialog.getByTestId("edit-save").click();
    await page.getByTestId("folder-Work").waitFor();
    const row = page.getByTestId(`subscription-${feedId}`);
    expect(await row.getByTestId("subscription-title").textContent()).toBe("Renamed Feed");
    expect(await page.getByTestId("timeline-feed").textContent()).toBe("Renamed Feed");
  });

  it("renames a folder and moves it to another view", async () => {
    let items = await menu("folder-Work");
    await items.getByTestId("menu-rename").click();
    await page.getByTestId("rename-folder-input").fill("Office");
    await page.getByTestId("rename-folder-save").click();
    await page.getByTestId("folder-Office").waitFor();
    items = await menu("folder-Office");
    await items.getByTestId("menu-view-2").click();
    await page.getByTestId("folder-Office").waitFor({ state: "detached" });
    await page.getByTestId("view-tab-2").click();
    await page.getByTestId("folder-Office").waitFor();
  });

  it("deletes the folder (the subscription stays) and unsubscribes", async () => {
    const items = await menu("folder-Office");
    await items.getByTestId("menu-delete").click();
    await page.getByTestId("delete-folder-dialog-confirm").click();
    await page.getByTestId("folder-Office").waitFor({ state: "detached" });
    await page.getByTestId(`subscription-${feedId}`).waitFor();
    const feedMenu = await menu(`subscription-${feedId}`);
    await feedMenu.getByTestId("menu-unsubscribe").click();
    await page.getByTestId("unsubscribe-dialog-confirm").click();
    await page.getByTestId(`subscription-${feedId}`).waitFor({ state: "detached" });
    await waitForSynced(page);
    const response = await page.request.get(`${server.localUrl}/api/subscriptions`, {
      headers: { origin: server.localUrl },
    });
    expect(((await response.json()) as { data: unknown[] }).data).toEqual([]);
    expect(watch.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
