import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TIMELINE_PATH } from "../../contract/routes.ts";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import { openEntry, quickAdd, signUp, timelineIds, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const PARAGRAPHS = 60;
/** A long article: numbered paragraphs, so where the pane stands can be read off its text. */
const LONG = Array.from(
  { length: PARAGRAPHS },
  (_, i) =>
    `<p>Paragraph ${i + 1} of a long read about rivers, with enough words to fill a few lines of the pane at its width.</p>`,
).join("");

/** The text of the first paragraph of the content not scrolled past the top of the pane. */
const topParagraph = (page: Page) =>
  page.getByTestId("entry-scroll").evaluate((scroller) => {
    const top = scroller.getBoundingClientRect().top;
    for (const p of scroller.querySelectorAll('[data-testid="entry-content"] p'))
      if (p.getBoundingClientRect().bottom > top + 1) return (p.textContent ?? "").slice(0, 14);
    return "";
  });

describe("reading position, end to end (Chromium, real server)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let page: Page;
  let world: ReaderWorld;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve(
        "/long.xml",
        rssFeed("Long Reads", [
          { guid: "long-1", title: "A very long read", date: new Date(), html: LONG },
        ]),
      );
    });
    ({ server, feeds, page } = world);
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  it("remembers where the article was left, offers to continue after a reload, lists it", async () => {
    await quickAdd(page, feeds.url("/long.xml"));
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 20_000 }).toBe(1);
    const [entryId] = await timelineIds(page);
    await openEntry(page, entryId!);
    const content = page.getByTestId("entry-content");
    await expect.poll(() => content.textContent(), { timeout: 10_000 }).toContain("Paragraph 60");
    // Nothing to resume in an article never read.
    expect(await page.getByTestId("resume-reading").count()).toBe(0);

    // Scroll so that paragraph 30 is at the top of the pane, as a reader would stop there.
    await page.getByTestId("entry-scroll").evaluate((scroller) => {
      const target = [...scroller.querySelectorAll('[data-testid="entry-content"] p')][29]!;
      scroller.scrollTop +=
        target.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    });
    expect(await topParagraph(page)).toBe("Paragraph 30 o");
    // Kept a second after scrolling stops, then sent.
    const stored = async () =>
      (await (await page.request.get(`${server.localUrl}/api/reading-positions`)).json()).data;
    await expect.poll(stored, { timeout: 20_000 }).toEqual([
      expect.objectContaining({
        entryId,
        kind: "article",
        quote: expect.stringMatching(/^Paragraph 30 /),
      }),
    ]);
    await waitForSynced(page);

    await page.reload();
    const offer = page.getByTestId("resume-reading");
    await offer.waitFor({ timeout: 20_000 });
    const fraction = Number(await offer.getAttribute("data-fraction"));
    expect(fraction).toBeGreaterThan(0.3);
    expect(fraction).toBeLessThan(0.7);
    expect(await page.getByTestId("entry-scroll").evaluate((s) => s.scrollTop)).toBe(0);
    await page.getByTestId("resume-reading-continue").click();
    await offer.waitFor({ state: "hidden" });
    expect(await topParagraph(page)).toBe("Paragraph 30 o");
    expect(
      await page.getByTestId("entry-scroll").evaluate((s) => (s as HTMLElement).dataset.resumedBy),
    ).toBe("quote");

    // The Articles timeline's "Continue reading" lists it, and opens it.
    await page.goto(`${server.localUrl}${DEFAULT_TIMELINE_PATH}`);
    const item = page.getByTestId("continue-reading-item");
    await item.waitFor({ timeout: 20_000 });
    expect(await item.getAttribute("data-entry-id")).toBe(entryId);
    expect(await item.textContent()).toContain("A very long read");
    await item.click();
    await page.locator(`[data-testid="entry-view"][data-entry-id="${entryId}"]`).waitFor();
    await page.getByTestId("resume-reading").waitFor();
  });
});
