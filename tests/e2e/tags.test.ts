import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import type { PageWatch } from "./support/browser.ts";
import { openEntry, quickAdd, signUp, timelineIds, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/** Selects `text` inside the entry's content. */
async function selectText(page: Page, text: string) {
  await page.getByTestId("entry-content").evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.nodeValue!.indexOf(text);
      if (at < 0) continue;
      document.getSelection()!.setBaseAndExtent(node, at, node, at + text.length);
      return;
    }
    throw new Error(`no "${text}" in the entry`);
  }, text);
}

describe("tags on entries, end to end (Chromium, real server)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let watch: PageWatch;
  let page: Page;
  let world: ReaderWorld;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      const items = [1, 2, 3].map((i) => ({
        guid: `bird-${i}`,
        title: `Bird entry ${i}`,
        date: new Date(Date.now() - i * 3_600_000),
        html: `<p>Notes on bird ${i}: the heron waits by the water.</p>`,
      }));
      feeds.serve("/birds.xml", rssFeed("Bird Feed", items));
    });
    ({ server, feeds, watch, page } = world);
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  it("tags an entry, opens the tag's timeline, and finds a highlight's note by search on the device", async () => {
    await quickAdd(page, feeds.url("/birds.xml"));
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 20_000 }).toBe(3);
    const ids = await timelineIds(page);
    const second = ids[1]!;
    await openEntry(page, second);
    await expect
      .poll(() => page.getByTestId("entry-content").textContent(), { timeout: 10_000 })
      .toContain("heron");

    // Tagged from the entry toolbar.
    await page.getByTestId("entry-tags-button").click();
    const dialog = page.getByTestId("entry-tags-dialog");
    await dialog.getByTestId("entry-tag-input").fill("waders");
    await dialog.getByTestId("entry-tag-add").click();
    await expect.poll(() => dialog.getByTestId("entry-tag").allTextContents()).toEqual(["waders×"]);
    await page.keyboard.press("Escape");

    // A highlight with a note whose word is nowhere in the entry.
    await selectText(page, "heron waits");
    await page.keyboard.press("h");
    await page.locator('[data-testid="entry-content"] mark[data-highlight-id]').first().click();
    await page.getByTestId("highlight-note").fill("Patience of kingfishers");
    await page.getByTestId("highlight-save").click();
    await page.getByTestId("highlight-note-text").waitFor();
    // Unread again: the tag's timeline (unread only by default) and its count show it.
    const view = page.getByTestId("entry-view");
    await page.getByTestId("entry-toggle-read").click();
    await expect.poll(() => view.getAttribute("data-read")).toBe("0");
    await waitForSynced(page);

    // The Highlights page lists it and links the tag to its timeline, with its unread count.
    await page.getByTestId("nav-highlights").click();
    await page.getByTestId("highlights-page").waitFor();
    await expect.poll(() => page.getByTestId("highlights-item").count()).toBe(1);
    await page.getByTestId("highlights-search").fill("kingfishers");
    await expect.poll(() => page.getByTestId("highlights-item").count()).toBe(1);
    await page.getByTestId("highlights-search").fill("sparrows");
    await expect.poll(() => page.getByTestId("highlights-item").count()).toBe(0);
    const tagLink = page.locator('[data-testid="tag-link"][data-tag="waders"]');
    await expect.poll(() => tagLink.textContent()).toBe("#waders11");
    await tagLink.click();
    await page.waitForURL(/\/timeline\/view-0\/tag-waders\/pending$/);
    await expect.poll(() => timelineIds(page), { timeout: 10_000 }).toEqual([second]);
    expect(await page.getByTestId("timeline-feed").textContent()).toBe("Tag: waders");

    // Offline, the device's search finds the entry by the highlight's note, and by tag.
    await watch.context.setOffline(true);
    await page.locator('[data-testid="sync-indicator"][data-state="offline"]').waitFor();
    await page.getByTestId("search-button").click();
    const search = page.getByTestId("search-dialog");
    const answered = search.getByTestId("search-answered-by");
    const results = search.getByTestId("search-entry-result");
    await search.getByTestId("search-input").fill("kingfishers");
    await expect.poll(() => answered.getAttribute("data-mode"), { timeout: 10_000 }).toBe("local");
    await expect.poll(() => results.count()).toBe(1);
    expect(await results.first().textContent()).toContain("Bird entry 2");
    // Entries held in list form (no body yet) are found by their titles.
    await search.getByTestId("search-input").fill("bird tag:waders");
    await expect.poll(() => results.count()).toBe(1);
    expect(await results.first().textContent()).toContain("Bird entry 2");
    await search.getByTestId("search-input").fill("bird -tag:waders");
    await expect.poll(() => results.count()).toBe(2);
    await watch.context.setOffline(false);
    await page.keyboard.press("Escape");

    // Renamed on every entry from the Highlights page.
    await page.getByTestId("nav-highlights").click();
    await page.getByTestId("tag-rename-open").click();
    await page.getByTestId("tag-rename-to").fill("shorebirds");
    await page.getByTestId("tag-rename-save").click();
    await page.locator('[data-testid="tag-link"][data-tag="shorebirds"]').waitFor();
    expect(await page.locator('[data-testid="tag-link"][data-tag="waders"]').count()).toBe(0);
    await waitForSynced(page);

    // The server holds the tag.
    const tags = await page.evaluate(async () => {
      const response = await fetch("/api/tags/entries", { credentials: "include" });
      return ((await response.json()) as { data: { entryId: string; tag: string }[] }).data;
    });
    expect(tags.map((t) => [t.entryId, t.tag])).toEqual([[second, "shorebirds"]]);
    expect(
      watch.errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
    ).toEqual([]);
  });
});
