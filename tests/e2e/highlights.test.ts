import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import type { PageWatch } from "./support/browser.ts";
import { openEntry, quickAdd, signUp, timelineIds, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const PASSAGE = "The quick brown fox jumps over the lazy dog near the river bank.";
/** The full article: the feed's paragraph among others, so offsets differ from the feed's. */
const ARTICLE = `<!doctype html><html><head><title>Foxes</title></head><body>
<header><nav><a href="/">Home</a></nav></header>
<main><article><h1>Foxes</h1>
${Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i + 1} of the full article, with enough words in it to count as the readable body of the page that readability extracts.</p>`).join("\n")}
<p>${PASSAGE}</p>
<p>A closing paragraph with more words about foxes, rivers and banks for the reader.</p>
</article></main><footer>Footer</footer></body></html>`;

/** Selects `text` inside the entry's content by dragging the mouse across it. */
async function dragSelect(page: Page, text: string) {
  const box = await page.getByTestId("entry-content").evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.nodeValue!.indexOf(text);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      const rects = range.getClientRects();
      const first = rects[0]!;
      const last = rects[rects.length - 1]!;
      return {
        x1: first.left + 1,
        y1: first.top + first.height / 2,
        x2: last.right - 1,
        y2: last.top + last.height / 2,
      };
    }
    throw new Error(`no "${text}" in the entry`);
  }, text);
  await page.mouse.move(box.x1, box.y1);
  await page.mouse.down();
  await page.mouse.move(box.x2, box.y2, { steps: 8 });
  await page.mouse.up();
}

/** Selects `text` as the keyboard would leave it (the shortcut then highlights it). */
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

const marks = (page: Page) =>
  page
    .locator('[data-testid="entry-content"] mark[data-highlight-id]')
    .evaluateAll((all) => all.map((mark) => mark.textContent ?? ""));

describe("highlights and notes, end to end (Chromium, real server)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let watch: PageWatch;
  let page: Page;
  let world: ReaderWorld;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      const article = feeds.serve("/fox-article", ARTICLE, "text/html; charset=utf-8");
      const items = [1, 2].map((i) => ({
        guid: `fox-${i}`,
        title: `Fox entry ${i}`,
        date: new Date(Date.now() - i * 3_600_000),
        html: `<p>Intro ${i}.</p><p>${PASSAGE}</p>`,
      }));
      feeds.serve(
        "/foxes.xml",
        rssFeed("Fox Feed", items).replace("https://example.com/fox-1", article),
      );
    });
    ({ server, feeds, watch, page } = world);
    await watch.context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: server.localUrl,
    });
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  it("highlights by mouse and keyboard, keeps a note offline, follows the full text, exports Markdown", async () => {
    await quickAdd(page, feeds.url("/foxes.xml"));
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 20_000 }).toBe(2);
    const [first] = await timelineIds(page);
    await openEntry(page, first!);
    const content = page.getByTestId("entry-content");
    await expect.poll(() => content.textContent(), { timeout: 10_000 }).toContain(PASSAGE);

    // By mouse: drag across the words, pick a colour in the bar over the selection.
    await dragSelect(page, "quick brown fox");
    await page.getByTestId("highlight-bar").waitFor();
    await page.getByTestId("highlight-color-green").click();
    await expect.poll(() => marks(page)).toEqual(["quick brown fox"]);
    expect(await content.locator("mark.highlight-green").count()).toBe(1);

    // By keyboard: a selection, then the shortcut (the default colour).
    await selectText(page, "lazy dog");
    await page.keyboard.press("h");
    await expect.poll(() => marks(page)).toEqual(["quick brown fox", "lazy dog"]);

    // A note on the first, from the mark itself.
    await content.locator("mark", { hasText: "quick brown fox" }).first().click();
    await page.getByTestId("highlight-note").fill("Foxes are quick");
    await page.getByTestId("highlight-save").click();
    await expect
      .poll(() => page.getByTestId("highlight-note-text").allTextContents())
      .toEqual(["Foxes are quick"]);
    await waitForSynced(page);

    // Offline, reloaded: both marks and the note come from the local database.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 20_000,
    });
    await watch.context.setOffline(true);
    await page.reload();
    await page.locator(`[data-testid="entry-view"][data-entry-id="${first}"]`).waitFor({
      timeout: 20_000,
    });
    await expect
      .poll(() => marks(page), { timeout: 10_000 })
      .toEqual(["quick brown fox", "lazy dog"]);
    expect(await page.getByTestId("highlight-note-text").allTextContents()).toEqual([
      "Foxes are quick",
    ]);
    await watch.context.setOffline(false);
    await waitForSynced(page);

    // The full text puts the passage elsewhere: the highlights follow it there.
    await page.getByTestId("entry-readability").click();
    const view = page.getByTestId("entry-view");
    await expect.poll(() => view.getAttribute("data-readability"), { timeout: 15_000 }).toBe("1");
    await expect.poll(() => marks(page)).toEqual(["quick brown fox", "lazy dog"]);
    expect(await page.getByTestId("highlight-orphaned").count()).toBe(0);

    // Markdown to the clipboard and as a file.
    const expected = [
      "# Fox entry 1",
      "",
      `- Link: <${feeds.url("/fox-article")}>`,
      "- Source: Fox Feed",
      "",
      "## Highlights",
      "",
      "> quick brown fox",
      "",
      "Note: Foxes are quick",
      "",
      "> lazy dog",
      "",
    ].join("\n");
    // What the app hands the clipboard (reading it back is not allowed to the page here).
    await page.evaluate(() => {
      const clipboard = navigator.clipboard;
      const write = clipboard.writeText.bind(clipboard);
      clipboard.writeText = (text: string) => {
        (window as unknown as { copied: string }).copied = text;
        return write(text);
      };
    });
    await page.getByTestId("highlights-copy-markdown").click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { copied?: string }).copied))
      .toBe(expected);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("highlights-download-markdown").click(),
    ]);
    expect(download.suggestedFilename()).toBe("Fox-entry-1.md");
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(expected);

    // The server holds both, with the note.
    const stored = await page.evaluate(async () => {
      const response = await fetch("/api/highlights", { credentials: "include" });
      return ((await response.json()) as { data: { exact: string; note: string }[] }).data;
    });
    expect(stored.map((h) => [h.exact, h.note])).toEqual([
      ["quick brown fox", "Foxes are quick"],
      ["lazy dog", ""],
    ]);
    // Requests refused while offline are the only errors.
    expect(watch.errors.filter((e) => !e.includes("ERR_INTERNET_DISCONNECTED"))).toEqual([]);
  });
});
