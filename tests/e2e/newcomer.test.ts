import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { forgetLastCheck } from "../support/server-database.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { openEntry, signUp, timelineIds, waitForSynced } from "./support/reader.ts";

const ENTRIES = 40;
const OUTLINES = 20_000;

const readFlag = (page: Page, id: string) =>
  page
    .locator(`[data-testid="timeline-item"][data-entry-id="${id}"] [data-testid="entry-link"]`)
    .getAttribute("data-read");

const allUnread = async (page: Page) =>
  Number((await page.getByTestId("subscription-all-unread").getAttribute("data-count")) ?? 0);

/** Raw transport text a person must never read in the app. */
const RAW = /POST \/api|GET \/api|\/api\/|failed with|\(code \d+\)|Invalid origin/;

/**
 * What a new user does on a fresh data directory, reached as the README says (`localhost`, while
 * the server listens on 127.0.0.1), with the default mark-as-read mode: sign up, quick add, read
 * and mark unread, follow a list holding a followed feed, fetch now, an error, a 20,000-feed OPML.
 */
describe.each(DIALECTS)("the newcomer path on %s (Chromium)", (dialect) => {
  let feeds: FeedServer;
  let server: TestServer;
  let browser: Browser;
  let watch: PageWatch;
  let page: Page;
  let base = "";
  let feedId = "";
  let items = ENTRIES;
  const readIds: string[] = [];
  let manualUnread = "";
  let badgeBeforeList = 0;

  /** The feed's unread count as the server keeps it (GET /api/reads, with the page's cookies). */
  const serverUnread = async (target: Page) => {
    const response = await target.request.get(`${base}/api/reads?view=0`);
    expect(response.status()).toBe(200);
    return ((await response.json()).data as Record<string, number>)[feedId] ?? 0;
  };

  const render = () => {
    const now = Date.now();
    return rssFeed(
      "Newcomer Daily",
      Array.from({ length: items }, (_, i) => {
        const n = items - i;
        return {
          guid: `daily-${n}`,
          title: n > ENTRIES ? `Fresh story ${n}` : `Daily story ${n}`,
          date: new Date(now - (i + 1) * 3_600_000),
          html: `<p>Body of story ${n}.</p>`,
        };
      }),
    );
  };

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve("/daily.xml", render);
    server = await startTestServer(dialect, {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      INGEST_POLL_SECONDS: "3600",
    });
    base = `http://localhost:${server.port}`;
    browser = await launchBrowser();
    watch = await openPage(browser);
    page = watch.page;
  });
  afterAll(async () => {
    await watch?.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    await feeds?.stop();
  });

  it("signs up through the form at http://localhost:<port> and lands on the timeline", async () => {
    expect(server.localUrl).toContain("127.0.0.1");
    try {
      await signUp(page, base);
    } catch (error) {
      // Say what the person saw (a refused origin shows its reason), not only a timeout.
      throw new Error(
        `Sign-up at ${base} failed; the page said: ${await page.locator("body").textContent()}`,
        {
          cause: error,
        },
      );
    }
    expect(new URL(page.url()).host).toBe(`localhost:${server.port}`);
    await page.getByTestId("timeline-column").waitFor();
    expect(await page.locator("body").textContent()).not.toMatch(RAW);
  });

  it("quick adds a feed, says how many entries start unread, and shows them", async () => {
    await page.getByTestId("quick-add-button").click();
    const dialog = page.getByTestId("quick-add-dialog");
    await dialog.getByTestId("quick-add-url").fill(feeds.url("/daily.xml"));
    await dialog.getByTestId("quick-add-preview").waitFor({ timeout: 30_000 });
    await dialog.getByTestId("quick-add-submit").click();
    const done = dialog.getByTestId("quick-add-done");
    await done.waitFor({ timeout: 30_000 });
    feedId = (await done.getAttribute("data-feed-id"))!;
    expect(await dialog.getByTestId("quick-add-unread-rule").textContent()).toContain(
      "Up to 100 of its newest entries start unread",
    );
    await expect
      .poll(
        async () =>
          Number((await dialog.getByTestId("quick-add-entries").textContent())?.match(/\d+/)?.[0]),
        { timeout: 20_000 },
      )
      .toBe(ENTRIES);
    await dialog.getByTestId("quick-add-open").click();
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(() => decodeURIComponent(new URL(page.url()).pathname), { timeout: 20_000 })
      .toContain(`/${feedId}/`);
    await expect
      .poll(() => page.getByTestId("timeline-list").getAttribute("data-count"), {
        timeout: 20_000,
      })
      .toBe(String(ENTRIES));
    // The rows' cards load after the rows are counted.
    await expect
      .poll(() => page.getByTestId("timeline-item").first().textContent(), { timeout: 20_000 })
      .toContain(`Daily story ${ENTRIES}`);
    // Every entry of a 40-entry feed starts unread (the newest 100 do).
    await expect.poll(() => allUnread(page), { timeout: 20_000 }).toBe(ENTRIES);
  });

  it("an entry opened is read; marked unread by hand it stays unread when hovered and scrolled past", async () => {
    const ids = await timelineIds(page);
    // Read by opening: the first one stays read.
    await openEntry(page, ids[0]!);
    await expect.poll(() => readFlag(page, ids[0]!)).toBe("1");
    readIds.push(ids[0]!);
    manualUnread = ids[1]!;
    await openEntry(page, manualUnread);
    await expect.poll(() => readFlag(page, manualUnread)).toBe("1");
    await page.getByTestId("entry-toggle-read").click();
    await expect.poll(() => readFlag(page, manualUnread)).toBe("0");
    await page.getByTestId("entry-close").click();
    const row = page.locator(`[data-testid="timeline-item"][data-entry-id="${manualUnread}"]`);
    await row.hover();
    // Nothing to poll for: the point is that nothing happens while the pointer rests there.
    await page.waitForTimeout(1500);
    await page.mouse.move(1200, 20);
    await page.getByTestId("timeline-scroll").evaluate((element) => element.scrollBy(0, 600));
    await page.waitForTimeout(800);
    await page.getByTestId("timeline-scroll").evaluate((element) => element.scrollTo(0, 0));
    await page.waitForTimeout(800);
    expect(await readFlag(page, manualUnread)).toBe("0");
    expect(await readFlag(page, ids[0]!)).toBe("1");
    await waitForSynced(page);
    // And so the server has it: after a reload the marks come back from it.
    await page.reload();
    await page.getByTestId("timeline-list").waitFor({ timeout: 20_000 });
    await waitForSynced(page);
    // Unread only (the default) lists the unread ones: the one marked by hand, not the one read.
    await expect.poll(() => readFlag(page, manualUnread), { timeout: 20_000 }).toBe("0");
    expect(await timelineIds(page)).not.toContain(ids[0]);
    await page.mouse.move(1200, 20);
    badgeBeforeList = await allUnread(page);
    expect(badgeBeforeList).toBeLessThan(ENTRIES);
    expect(badgeBeforeList).toBeGreaterThan(0);
    expect(await serverUnread(page)).toBe(badgeBeforeList);
  });

  it("following a list holding the feed keeps its read entries read and counts entries once", async () => {
    await page.goto(`${base}/settings/list`);
    await page.getByTestId("lists-empty").waitFor({ timeout: 20_000 });
    await page.getByTestId("list-new-title").fill("Morning reads");
    await page.getByTestId("list-create").click();
    await page.getByTestId("list-editor").waitFor();
    await page.getByTestId(`list-add-${feedId}`).click();
    await expect
      .poll(() => page.getByTestId("list-feeds").locator("li").count(), { timeout: 20_000 })
      .toBe(1);
    await waitForSynced(page);
    let listId = "";
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`${base}/api/lists/list`);
          const lists = (await response.json()).data as Array<{ id: string; feedIds: string[] }>;
          listId = lists.find((list) => list.feedIds.includes(feedId))?.id ?? "";
          return listId;
        },
        { timeout: 30_000 },
      )
      .not.toBe("");

    await page.goto(`${base}/discover/list/${listId}`);
    await page
      .locator('[data-testid="list-page"][data-state="ready"]')
      .waitFor({ timeout: 20_000 });
    await page.getByTestId("list-follow").click();
    await page.getByTestId("list-unfollow").waitFor({ timeout: 20_000 });
    await waitForSynced(page);

    await page.mouse.move(1200, 20);
    await page.goto(`${base}/timeline/view-0/${feedId}/pending`);
    await page.mouse.move(1200, 20);
    await page.getByTestId("timeline-list").waitFor({ timeout: 20_000 });
    await waitForSynced(page);
    await expect
      .poll(() => page.getByTestId("subscription-title").allTextContents(), { timeout: 20_000 })
      .toContain("Morning reads");
    // Read stays read (unread only does not list it), the manual unread stays unread.
    await expect.poll(() => readFlag(page, manualUnread), { timeout: 20_000 }).toBe("0");
    const listed = await timelineIds(page);
    for (const id of readIds) expect(listed).not.toContain(id);
    // One feed through two ways in: the same entries, counted once, here and on the server.
    await expect.poll(() => allUnread(page), { timeout: 20_000 }).toBe(badgeBeforeList);
    expect(await serverUnread(page)).toBe(badgeBeforeList);
  });

  it("refetch asks the site now and brings in what it published since, with a toast", async () => {
    await forgetLastCheck(server, feedId);
    items = ENTRIES + 1;
    const hits = feeds.hits.get("/daily.xml") ?? 0;
    await page.mouse.move(1200, 20);
    await page.getByTestId("refetch").click();
    await expect.poll(() => feeds.hits.get("/daily.xml") ?? 0, { timeout: 30_000 }).toBe(hits + 1);
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Fetched now: 1 new entry." })
      .waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await page.getByTestId("timeline-item").allTextContents()).join("\n"), {
        timeout: 30_000,
      })
      .toContain(`Fresh story ${ENTRIES + 1}`);
  });

  it("an address with no feed gets the catalogue's message and the site's answer, no raw text", async () => {
    await page.getByTestId("quick-add-button").click();
    const dialog = page.getByTestId("quick-add-dialog");
    await dialog.getByTestId("quick-add-url").fill(feeds.url("/gone.xml"));
    const error = dialog.getByTestId("quick-add-preview-error");
    await error.waitFor({ timeout: 30_000 });
    expect(await error.getAttribute("data-code")).toBe("2003");
    const text = (await error.textContent()) ?? "";
    expect(text).toContain("Feed fetch error");
    expect(await error.getByTestId("quick-add-preview-reason").textContent()).toContain(
      "answered HTTP 404",
    );
    expect(text).not.toMatch(/POST \/api|GET \/api|\/api\/|failed with/);
    expect(await dialog.getByTestId("quick-add-submit").isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("a refetch the site refuses says which feed failed and why in a toast, no raw text", async () => {
    await forgetLastCheck(server, feedId);
    feeds.route("/daily.xml", (_request, response) => {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    });
    const hits = feeds.hits.get("/daily.xml") ?? 0;
    await page.goto(`${base}/timeline/view-0/${feedId}/pending`);
    await page.mouse.move(1200, 20);
    await page.getByTestId("timeline-list").waitFor({ timeout: 20_000 });
    await page.getByTestId("refetch").click();
    await expect.poll(() => feeds.hits.get("/daily.xml") ?? 0, { timeout: 30_000 }).toBe(hits + 1);
    const toast = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Newcomer Daily could not be fetched" });
    await toast.waitFor({ timeout: 30_000 });
    const text = (await toast.textContent()) ?? "";
    expect(text).toContain("404");
    expect(text).not.toMatch(RAW);
    // The entries already stored stay.
    expect((await timelineIds(page)).length).toBeGreaterThan(0);
  });

  it("an OPML of 20,000 outlines is uploaded as a file and previewed in full; nothing is fetched", async () => {
    const outlines = Array.from(
      { length: OUTLINES },
      (_, i) => `<outline type="rss" text="Feed ${i}" xmlUrl="${feeds.url(`/bulk/${i}.xml`)}"/>`,
    ).join("\n");
    const opml = `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0"><head><title>Everything</title></head><body>\n<outline text="Bulk">\n${outlines}\n</outline></body></opml>`;
    expect(Buffer.byteLength(opml)).toBeGreaterThan(1_000_000);
    await page.goto(`${base}/settings/data-control`);
    await page.getByTestId("opml-import-open").click();
    const dialog = page.getByTestId("opml-import-dialog");
    const upload = page.waitForRequest(
      (request) =>
        request.method() === "POST" && request.url().endsWith("/api/subscriptions/opml-file"),
      { timeout: 60_000 },
    );
    await dialog
      .getByTestId("opml-file")
      .setInputFiles({ name: "everything.opml", mimeType: "text/xml", buffer: Buffer.from(opml) });
    await upload;
    await expect
      .poll(() => dialog.getByTestId("opml-summary").textContent(), { timeout: 120_000 })
      .toMatch(/^20,?000 feeds in Everything/);
    expect(await dialog.textContent()).not.toMatch(RAW);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    const fetched = [...feeds.hits.keys()].filter((path) => path.startsWith("/bulk/"));
    expect(fetched).toEqual([]);
    expect(watch.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
