import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import { quickAdd, signUp, timelineIds, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/**
 * The browser's Notification, stubbed before any page script: permission granted, each
 * notification recorded on window.__notes as [title, body].
 */
const NOTIFICATION_STUB = `(() => {
  const notes = [];
  window.__notes = notes;
  class FakeNotification {
    static permission = "granted";
    static requestPermission() { return Promise.resolve("granted"); }
    constructor(title, options) { notes.push([title, options && options.body]); }
    close() {}
  }
  window.Notification = FakeNotification;
})();`;

const older = {
  guid: "zig-1",
  title: "A Zig compiler story",
  date: new Date(Date.now() - 3_600_000),
};
const newer = { guid: "news-1", title: "Daily news roundup", date: new Date(Date.now() - 60_000) };

/** Keyword spotlight, per keyword: raise (shown first atop the timeline) and notify. */
describe("keyword spotlight: raise and notify (Chromium)", () => {
  let world: ReaderWorld;
  let server: TestServer;
  let page: Page;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve("/rn.xml", rssFeed("RN Feed", [newer, older]));
    });
    ({ server, page } = world);
    await world.watch.context.addInitScript(NOTIFICATION_STUB);
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  const notes = () =>
    page.evaluate(() => (window as unknown as { __notes: [string, string][] }).__notes);

  it("raises an unread match atop the timeline and announces a new matching entry once", async () => {
    const feedId = await quickAdd(page, world.feeds.url("/rn.xml"));
    const timelineUrl = `${server.localUrl}/timeline/view-0/${feedId}/pending`;

    await page.goto(`${server.localUrl}/settings/general`);
    const setting = page.getByTestId("spotlight-setting");
    await setting.waitFor({ timeout: 20_000 });
    for (const word of ["zig", "quantum"]) {
      await setting.getByTestId("spotlight-pattern").fill(word);
      await setting.getByTestId("spotlight-add").click();
    }
    const keywords = setting.getByTestId("spotlight-keyword");
    await expect.poll(() => keywords.count()).toBe(2);
    await keywords.nth(0).getByTestId("spotlight-raise").check();
    await keywords.nth(1).getByTestId("spotlight-notify").check();
    // Settings are pushed a moment after the change: read the server's copy until it has them.
    const stored = () =>
      page.evaluate(async () => {
        const response = await fetch("/api/settings", { credentials: "include" });
        const body = (await response.json()) as {
          settings: { general?: { spotlight?: unknown } };
        };
        return body.settings.general?.spotlight;
      });
    await expect.poll(stored, { timeout: 20_000 }).toEqual([
      { pattern: "zig", color: "yellow", isRegex: false, raise: true },
      { pattern: "quantum", color: "yellow", isRegex: false, notify: true },
    ]);
    await waitForSynced(page);

    // Raise: the older match is first in the section; the list keeps its own order.
    await page.goto(timelineUrl);
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 20_000 }).toBe(2);
    const ids = await timelineIds(page);
    const raised = page.getByTestId("spotlight-raised-item");
    await expect
      .poll(() => raised.evaluateAll((items) => items.map((item) => item.textContent)), {
        timeout: 20_000,
      })
      .toEqual(["A Zig compiler story"]);
    expect(await raised.first().getAttribute("data-entry-id")).toBe(ids[1]);
    expect(await timelineIds(page)).toEqual(ids);
    // Nothing was announced for the entries there at start.
    expect(await notes()).toEqual([]);

    // Notify: a new matching entry and a new non-matching one arrive.
    world.feeds.serve(
      "/rn.xml",
      rssFeed("RN Feed", [
        { guid: "q-1", title: "Quantum leap today", date: new Date() },
        { guid: "plain-1", title: "Weather report", date: new Date(Date.now() - 1_000) },
        newer,
        older,
      ]),
    );
    const refreshed = await page.request.get(`${server.localUrl}/api/feeds/refresh?id=${feedId}`);
    expect(refreshed.status()).toBe(200);
    await expect
      .poll(() => notes(), { timeout: 30_000 })
      .toEqual([["Spotlight", "Quantum leap today"]]);

    // After a reload the entry is one that was there at start: no second notification.
    await page.reload();
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 20_000 }).toBe(4);
    await page.getByTestId("spotlight-raised").waitFor({ timeout: 20_000 });
    expect(await notes()).toEqual([]);
  }, 120_000);
});
