import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import { openPage } from "./support/browser.ts";
import { signUp, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const FEEDS = 300;

/** Moving in with OPML: import 300 feeds with the progress bar, export, re-import elsewhere. */
describe("OPML import and export (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let page: Page;
  let world: ReaderWorld;
  let opml: string;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      for (let i = 0; i < FEEDS; i++) {
        feeds.serve(
          `/o${i}.xml`,
          rssFeed(`OPML feed ${i}`, [
            { guid: `o${i}`, title: `Story ${i}`, date: new Date(Date.UTC(2026, 0, 1)) },
          ]),
        );
      }
    });
    ({ server, feeds, page } = world);
    const folder = (name: string, from: number, to: number) =>
      `<outline text="${name}">${Array.from({ length: to - from }, (_, k) => {
        const i = from + k;
        return `<outline type="rss" text="OPML feed ${i}" xmlUrl="${feeds.url(`/o${i}.xml`)}"/>`;
      }).join("\n")}</outline>`;
    opml = `<?xml version="1.0" encoding="ISO-8859-1"?>\r<opml version="1.1"><head><title>Caf\u00e9 list</title></head><body>\r${folder("News", 0, 150)}\r${folder("Tech", 150, FEEDS)}\r</body></opml>`;
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  async function importFile(target: Page, name: string, bytes: Buffer) {
    const dialog = target.getByTestId("opml-import-dialog");
    await dialog
      .getByTestId("opml-file")
      .setInputFiles({ name, mimeType: "text/xml", buffer: bytes });
    await expect
      .poll(() => dialog.getByTestId("opml-summary").textContent(), { timeout: 30_000 })
      .toContain(`${FEEDS} feeds`);
    const summary = await dialog.getByTestId("opml-summary").textContent();
    await dialog.getByTestId("opml-start").click();
    await dialog.getByTestId("opml-progress").waitFor();
    await dialog
      .locator('[data-testid="opml-counts"][data-finished="true"]')
      .waitFor({ timeout: 120_000 });
    expect(await dialog.getByTestId("opml-counts").textContent()).toContain(
      `${FEEDS} followed, 0 failed`,
    );
    expect(await dialog.getByTestId("opml-progress").getAttribute("value")).toBe(String(FEEDS));
    await dialog.getByTestId("opml-close").click();
    return summary;
  }

  async function exportFile(target: Page): Promise<string> {
    await target.goto(`${server.localUrl}/settings/data-control`);
    const [download] = await Promise.all([
      target.waitForEvent("download"),
      target.getByTestId("opml-export").click(),
    ]);
    expect(download.suggestedFilename()).toBe("follow.opml");
    return readFileSync((await download.path())!, "utf8");
  }

  it("imports from the welcome screen with a progress bar, then exports the same feeds", async () => {
    await page.getByTestId("timeline-welcome-import").click();
    // Latin-1 bytes: the é must survive the trip through the browser.
    const summary = await importFile(page, "subs.opml", Buffer.from(opml, "latin1"));
    expect(summary).toContain("Caf\u00e9 list");
    await waitForSynced(page);
    await expect
      .poll(() => page.getByTestId("view-tab-0").getAttribute("data-unread"), { timeout: 30_000 })
      .toBe(String(FEEDS));
    const exported = await exportFile(page);
    expect(exported.match(/xmlUrl=/g)).toHaveLength(FEEDS);
    expect(exported).toContain('<outline text="News" title="News">');
    expect(exported).toContain('<outline text="Tech" title="Tech">');

    // A second account imports the export from Settings and ends with the same subscriptions.
    const second = await openPage(world.browser);
    try {
      await signUp(second.page, server.localUrl);
      await second.page.goto(`${server.localUrl}/settings/data-control`);
      await second.page.getByTestId("opml-import-open").click();
      await importFile(second.page, "follow.opml", Buffer.from(exported, "utf8"));
      const again = await exportFile(second.page);
      const withoutDate = (text: string) => text.replace(/<dateCreated>.*<\/dateCreated>/, "");
      expect(withoutDate(again)).toBe(withoutDate(exported));
    } finally {
      await second.context.close();
    }
  });
});
