import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recentFeed, setGeneralSettings, signUp, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const ENTRIES = 120;

function rowCount(page: Page): Promise<number> {
  return page
    .getByTestId("timeline-list")
    .getAttribute("data-count")
    .then((count) => Number(count));
}

/** Scrolls the open timeline to its end until `footer` shows; the rows it then holds. */
async function scrollUntil(page: Page, footer: "timeline-end" | "timeline-offline") {
  const scroller = page.getByTestId("timeline-scroll");
  await scroller.waitFor();
  for (let round = 0; round < 200; round++) {
    if (await page.getByTestId(footer).isVisible()) break;
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.waitForTimeout(100);
  }
  await page.getByTestId(footer).waitFor({ timeout: 30_000 });
  return rowCount(page);
}

// A reader who paged a feed in, then starts the app offline: the start-up eviction keeps 20
// entries a subscription and the timeline ends there for now, saying that older entries need a
// connection, never that the list has ended; back online the pager brings the rest again.
describe("an offline start after paging (Chromium)", () => {
  let world: ReaderWorld;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve("/long.xml", recentFeed("Long Feed", "long", ENTRIES));
    });
    await signUp(world.page, world.server.localUrl);
    await setGeneralSettings(world.page, {
      unreadOnly: false,
      scrollMarkUnread: false,
      hoverMarkUnread: false,
    });
  }, 120_000);
  afterAll(() => world?.close());

  it("shows the offline note below the kept rows, never the end marker, and pages on reconnect", async () => {
    const { page } = world;
    await page.getByTestId("quick-add-button").click();
    const dialog = page.getByTestId("quick-add-dialog");
    await dialog.getByTestId("quick-add-url").fill(world.feeds.url("/long.xml"));
    await dialog.getByTestId("quick-add-submit").click();
    await dialog.getByTestId("quick-add-done").waitFor({ timeout: 30_000 });
    await page.keyboard.press("Escape");
    await waitForSynced(page);
    expect(await scrollUntil(page, "timeline-end")).toBe(ENTRIES);
    await page.waitForFunction(
      () => navigator.serviceWorker?.controller?.state === "activated",
      undefined,
      { timeout: 30_000 },
    );

    await page.context().setOffline(true);
    await page.reload();
    const kept = await scrollUntil(page, "timeline-offline");
    expect(kept).toBeGreaterThanOrEqual(20);
    expect(kept).toBeLessThan(ENTRIES);
    expect(await page.getByTestId("timeline-end").count()).toBe(0);

    await page.context().setOffline(false);
    expect(await scrollUntil(page, "timeline-end")).toBe(ENTRIES);
  }, 180_000);
});
