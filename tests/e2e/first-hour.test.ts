import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import { serveMediaFeed } from "./support/media-feeds.ts";
import {
  openEntry,
  quickAdd,
  recentFeed,
  signUp,
  timelineIds,
  waitForSynced,
} from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/** What a newcomer meets in the first hour: quick add's answers, the palette, grids, undo. */
describe("the first hour (Chromium)", () => {
  let world: ReaderWorld;
  let server: TestServer;
  let feeds: FeedServer;
  let page: Page;
  let picturesUrl = "";
  let audiosUrl = "";
  let dailyId = "";

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve("/daily.xml", recentFeed("Daily Feed", "daily", 5));
      feeds.serve(
        "/plain/",
        "<!doctype html><html><head><title>Plain</title></head><body>No feed here</body></html>",
        "text/html; charset=utf-8",
      );
      picturesUrl = serveMediaFeed(feeds, "pictures", 12);
      audiosUrl = serveMediaFeed(feeds, "audios", 30);
      feeds.serve(
        "/code.xml",
        rssFeed("Code Feed", [
          {
            guid: "code-1",
            title: "A snippet",
            date: new Date(Date.now() - 60_000),
            html: "<p>Look:</p><pre><code>const answer = 42; // the answer</code></pre>",
          },
        ]),
      );
    });
    ({ server, feeds, page } = world);
    await signUp(page, server.localUrl);
    // Nothing is read by the pointer or by scrolling: the counts below are the test's own.
    await page.evaluate(() => {
      const key = "follow:settings:general";
      const stored = JSON.parse(localStorage.getItem(key) ?? "{}") as { values?: object };
      const values = { ...stored.values, scrollMarkUnread: false, hoverMarkUnread: false };
      localStorage.setItem(key, JSON.stringify({ values, updated: Date.now() }));
    });
    await page.reload();
    await page.getByTestId("timeline-column").waitFor();
  });
  afterAll(() => world?.close());

  const dialog = () => page.getByTestId("quick-add-dialog");
  /** Opens the first entry of the Daily feed (navigating there first). */
  async function openDailyEntry() {
    await page.goto(`${server.localUrl}/timeline/view-0/${dailyId}/pending`);
    await expect
      .poll(async () => (await timelineIds(page)).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const [first] = await timelineIds(page);
    await openEntry(page, first!);
  }
  const submit = () => dialog().getByTestId("quick-add-submit");

  it("quick add says why a URL has no feed, and what is not a URL, before Subscribe", async () => {
    await page.getByTestId("quick-add-button").click();
    const url = dialog().getByTestId("quick-add-url");

    await url.fill("hello world");
    await dialog().getByTestId("quick-add-preview-invalid").waitFor();
    expect(await dialog().getByTestId("quick-add-preview-invalid").textContent()).toContain(
      "not a web address",
    );
    expect(await submit().isDisabled()).toBe(true);

    await url.fill(feeds.url("/missing.xml"));
    const error = dialog().getByTestId("quick-add-preview-error");
    await error.waitFor({ timeout: 30_000 });
    expect(await error.getAttribute("data-code")).toBe("2003");
    expect(await error.getByTestId("quick-add-preview-reason").textContent()).toContain(
      "answered HTTP 404",
    );
    expect(await submit().isDisabled()).toBe(true);

    await url.fill(feeds.url("/plain/"));
    await expect
      .poll(() => error.getByTestId("quick-add-preview-reason").textContent(), { timeout: 30_000 })
      .toMatch(/no feed found/);
    expect(await error.getAttribute("data-code")).toBe("2004");
    expect(await submit().isDisabled()).toBe(true);

    // A feed: Subscribe is offered again.
    await url.fill(feeds.url("/daily.xml"));
    await dialog().getByTestId("quick-add-preview").waitFor({ timeout: 30_000 });
    expect(await submit().isDisabled()).toBe(false);
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "hidden" });
  });

  it("quick add on a feed already followed offers to open or edit it, and leaves its folder alone", async () => {
    const feedId = await quickAdd(page, feeds.url("/daily.xml"), {
      category: "Morning",
      open: false,
    });
    dailyId = feedId;
    await page.getByTestId("quick-add-button").click();
    await dialog().getByTestId("quick-add-url").fill(feeds.url("/daily.xml"));
    const followed = dialog().getByTestId("quick-add-followed");
    await followed.waitFor();
    expect(await followed.getAttribute("data-feed-id")).toBe(feedId);
    expect(await followed.textContent()).toContain("Morning");
    expect(await submit().isDisabled()).toBe(true);
    // Enter in the field submits nothing either.
    await dialog().getByTestId("quick-add-url").press("Enter");
    expect(await dialog().getByTestId("quick-add-progress").count()).toBe(0);

    await followed.getByTestId("quick-add-followed-edit").click();
    const edit = page.locator('[data-testid="edit-subscription-dialog"][open]');
    await edit.waitFor();
    expect(await edit.getByTestId("edit-category").inputValue()).toBe("Morning");
    await page.keyboard.press("Escape");
    await edit.waitFor({ state: "hidden" });
    expect(await page.getByTestId("folder-Morning").textContent()).toContain("Daily Feed");

    await page.getByTestId("quick-add-button").click();
    await dialog().getByTestId("quick-add-url").fill(feeds.url("/daily.xml"));
    await dialog().getByTestId("quick-add-followed-open").click();
    await page.waitForURL(new RegExp(`/timeline/view-0/${feedId}/pending$`));
  });

  it("mark all read offers an undo that brings every entry back unread", async () => {
    await expect.poll(async () => (await timelineIds(page)).length).toBe(5);
    await waitForSynced(page);
    const row = page.getByTestId(`subscription-${dailyId}`);
    expect(await row.getAttribute("data-unread")).toBe("5");
    await page.getByTestId("mark-timeline-read").click();
    await expect.poll(() => row.getAttribute("data-unread")).toBe("0");
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Marked 5 entries" });
    await toast.waitFor();
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => row.getAttribute("data-unread")).toBe("5");
    await waitForSynced(page);
    // The server agrees: after a reload from its state, still 5 unread.
    await page.mouse.move(0, 0);
    await page.reload();
    await waitForSynced(page);
    await expect.poll(() => row.getAttribute("data-unread"), { timeout: 20_000 }).toBe("5");
  });

  it("the first Ctrl+K of a page load keeps every keystroke typed right after it", async () => {
    // The palette's chunk arrives late, as on a slow connection or a cold cache.
    await page.route(/\/assets\/palette-content[^/]*\.js$/, async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await page.reload();
    await page.getByTestId("timeline-list").waitFor({ timeout: 20_000 });
    await page.keyboard.press("Control+k");
    await page.keyboard.type("quick add");
    const input = page.getByTestId("palette-input");
    await input.waitFor({ timeout: 20_000 });
    expect(await input.inputValue()).toBe("quick add");
    // And typing goes on in the real field.
    await page.keyboard.type("!");
    expect(await input.inputValue()).toBe("quick add!");
    await page.keyboard.press("Escape");
    await page.getByTestId("command-palette").waitFor({ state: "hidden" });
    await page.unroute(/\/assets\/palette-content[^/]*\.js$/);
  });

  it("with an entry open, every lane of the picture grid is in view", async () => {
    const feedId = await quickAdd(page, picturesUrl, { view: 2 });
    await page.waitForURL(new RegExp(`/timeline/view-2/${feedId}/pending$`));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(12);
    const [first] = await timelineIds(page);
    await openEntry(page, first!);
    const pane = await page.getByTestId("entry-pane-slot").boundingBox();
    expect(pane).not.toBeNull();
    await expect
      .poll(async () => {
        const rights = await page
          .getByTestId("timeline-item")
          .evaluateAll((items) =>
            items.map((item) => Math.round(item.getBoundingClientRect().right)),
          );
        return rights.length > 0 && rights.every((right) => right <= Math.ceil(pane!.x) + 1);
      })
      .toBe(true);
    await page.getByTestId("entry-close").click();
  });

  it("the corner player leaves room beneath the content: the last row scrolls out from under it", async () => {
    const feedId = await quickAdd(page, audiosUrl, { view: 4 });
    await page.waitForURL(new RegExp(`/timeline/view-4/${feedId}/pending$`));
    await expect
      .poll(() => page.getByTestId("timeline-list").getAttribute("data-count"))
      .toBe("30");
    await page.getByTestId("audio-row").first().getByTestId("audio-play").click();
    const player = page.getByTestId("corner-player");
    await player.waitFor();
    const scroll = page.getByTestId("timeline-scroll");
    await expect
      .poll(async () => {
        await scroll.evaluate((element) => element.scrollTo(0, element.scrollHeight));
        const top = (await player.boundingBox())!.y;
        const last = await page
          .getByTestId("timeline-item")
          .evaluateAll((items) =>
            Math.max(...items.map((item) => item.getBoundingClientRect().bottom)),
          );
        return last <= top;
      })
      .toBe(true);
    await page.evaluate(() => window.__followPlayer?.close());
  });

  it("share opens a dialog with copy link, e-mail, X, Telegram and the user's Mastodon", async () => {
    await openDailyEntry();
    await page.getByTestId("entry-share").click();
    const share = page.getByTestId("share-dialog");
    await share.waitFor();
    const link = await share.getByTestId("share-link").inputValue();
    expect(link).toMatch(/^https:\/\/example\.com\//);
    const href = (id: string) => share.getByTestId(`share-${id}`).getAttribute("href");
    expect(await href("email")).toBe(
      `mailto:?subject=${encodeURIComponent((await page.getByTestId("entry-title").textContent())!)}&body=${encodeURIComponent(link)}`,
    );
    expect(new URL((await href("x"))!).searchParams.get("url")).toBe(link);
    expect(new URL((await href("telegram"))!).searchParams.get("url")).toBe(link);
    expect(await share.getByTestId("share-mastodon").count()).toBe(0);
    await share.getByTestId("share-mastodon-instance").fill("https://fosstodon.org/@ada");
    expect(await href("mastodon")).toMatch(/^https:\/\/fosstodon\.org\/share\?text=/);
    await page.keyboard.press("Escape");
    await share.waitFor({ state: "hidden" });
    await page.getByTestId("entry-close").click();
  });

  it("toolbarOrder puts entry actions on the toolbar or in its More menu, in the order chosen", async () => {
    await page.goto(`${server.localUrl}/settings/appearance`);
    const setting = page.getByTestId("toolbar-order");
    await setting.waitFor({ timeout: 20_000 });
    await setting.getByTestId("toolbar-order-share-place").selectOption("more");
    await setting.getByTestId("toolbar-order-star-up").click();
    expect(await setting.getByTestId("toolbar-order-share").getAttribute("data-place")).toBe(
      "more",
    );
    await openDailyEntry();
    const toolbar = page.getByTestId("entry-toolbar");
    expect(await toolbar.getByTestId("entry-share").count()).toBe(0);
    const order = await toolbar
      .locator("[data-testid^=entry-toggle-]")
      .evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset.testid));
    expect(order).toEqual(["entry-toggle-star", "entry-toggle-read"]);
    await toolbar.getByTestId("entry-more").click();
    await page.getByTestId("entry-more-share").click();
    await page.getByTestId("share-dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("share-dialog").waitFor({ state: "hidden" });
  });

  it("code blocks take the colours of the code theme chosen in Appearance", async () => {
    const feedId = await quickAdd(page, feeds.url("/code.xml"));
    await page.waitForURL(new RegExp(`/timeline/view-0/${feedId}/pending$`));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(1);
    const [id] = await timelineIds(page);
    await openEntry(page, id!);
    const entryUrl = page.url();
    const colour = (selector: string) =>
      page
        .getByTestId("entry-content")
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).color);
    await expect.poll(() => colour(".tok-keyword")).toBe("rgb(207, 34, 46)"); // GitHub Light
    expect(await colour(".tok-number")).toBe("rgb(5, 80, 174)");
    expect(await colour(".tok-comment")).toBe("rgb(110, 119, 129)");

    await page.goto(`${server.localUrl}/settings/appearance`);
    await page.getByTestId("code-theme-light").selectOption("one-light");
    await page.goto(entryUrl);
    await expect.poll(() => colour(".tok-keyword"), { timeout: 20_000 }).toBe("rgb(166, 38, 164)");
    expect(await page.getByTestId("entry-content").locator(".tok-string").count()).toBe(0);
    await page.getByTestId("entry-close").click();
  });

  it("Japanese and Chinese pages name their own CJK fonts before the generic family", async () => {
    const fontsFor = async (language: string) => {
      await page.evaluate((lang) => localStorage.setItem("follow:language", lang), language);
      await page.reload();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
      return page.evaluate(() => getComputedStyle(document.body).fontFamily);
    };
    expect(await fontsFor("ja")).toMatch(/Hiragino Sans.*Noto Sans CJK JP.*sans-serif$/);
    expect(await fontsFor("zh-TW")).toMatch(/PingFang TC.*Noto Sans CJK TC.*sans-serif$/);
    expect(await fontsFor("zh-TW")).not.toContain("SC");
    expect(await fontsFor("zh-CN")).toMatch(/PingFang SC.*Noto Sans CJK SC.*sans-serif$/);
    await fontsFor("en");
    await page.getByTestId("timeline-column").waitFor();
  });

  it("the preview's reason comes in the UI's language, whatever the browser's", async () => {
    await page.evaluate(() => localStorage.setItem("follow:language", "ja"));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === "ja");
    await page.getByTestId("quick-add-button").click();
    await dialog().getByTestId("quick-add-url").fill(feeds.url("/missing.xml"));
    const reason = dialog().getByTestId("quick-add-preview-reason");
    await reason.waitFor({ timeout: 30_000 });
    expect(await reason.textContent()).toContain("HTTP 404 を返しました");
    await page.keyboard.press("Escape");
    await page.evaluate(() => localStorage.setItem("follow:language", "en"));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === "en");
    await page.getByTestId("timeline-column").waitFor();
  });

  it("sign out asks first while changes wait to be sent", async () => {
    // Writes cannot reach the server: a read mark stays waiting.
    await page.route(/\/api\/reads/, (route) => route.abort());
    await openDailyEntry();
    await page.getByTestId("entry-toggle-read").click();
    await expect
      .poll(async () =>
        Number(await page.getByTestId("sync-indicator").getAttribute("data-pending")),
      )
      .toBeGreaterThan(0);
    await page.getByTestId("sign-out").click();
    const confirm = page.getByTestId("sign-out-confirm");
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("not reached the server");
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "hidden" });
    expect(page.url()).not.toMatch(/\/login/);

    // Synced: sign out goes at once.
    await page.unroute(/\/api\/reads/);
    await waitForSynced(page, 60_000);
    await page.getByTestId("sign-out").click();
    await page.waitForURL(/\/login/);
  });
});
