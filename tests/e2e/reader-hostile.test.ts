import { readdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, fixturePath, rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import type { PageWatch } from "./support/browser.ts";
import {
  type CspReport,
  errorsBesidesParseTimeReports,
  recordCspReports,
  takeCspReports,
  watchForExecution,
} from "./support/hostile-watch.ts";
import { signUp, timelineIds, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const SANITIZE_DIR = fixturePath("feedparser", "tests", "wellformed", "sanitize");

/** About 40 of the feedparser sanitize cases: scripts, handlers, frames, objects, styles. */
function sample(): string[] {
  const files = readdirSync(SANITIZE_DIR)
    .filter((f) =>
      /^(entry_content|entry_summary|item_description|item_fullitem|item_xhtml_body)_/.test(f),
    )
    .sort();
  const step = Math.max(1, Math.floor(files.length / 40));
  return files.filter((_, index) => index % step === 0).slice(0, 40);
}

/** What injected code would do if it ran: set a probe, open a dialog, or leave the page. */
const PAYLOAD = `<p>hostile body</p>
<script>window.__pwned = 1</script>
<img src="x" onerror="window.__pwned = 2">
<a href="javascript:window.__pwned = 3" id="js-link">js link</a>
<svg><script>window.__pwned = 4</script><animate onbegin="window.__pwned = 5" attributeName="x" dur="1s"/></svg>
<iframe src="javascript:parent.__pwned = 6"></iframe>
<iframe srcdoc="<script>parent.__pwned = 7</script>"></iframe>
<iframe src="https://www.youtube.com/embed/abc"></iframe>
<form action="javascript:window.__pwned = 8"><button formaction="javascript:window.__pwned = 9">go</button></form>
<div style="position:fixed;inset:0;background:red">overlay</div>
<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned = 10"></style></mglyph></table></mtext></math>
<object data="javascript:window.__pwned = 11"></object>
<embed src="javascript:window.__pwned = 12">
<meta http-equiv="refresh" content="0;url=javascript:window.__pwned = 13">
<base href="https://evil.example/">
<style>body { display: none }</style>
<details open ontoggle="alert(14)">x</details>
<a href="https://example.com/ok" id="ok-link">ok link</a>`;

describe("hostile content never runs (Chromium, real server)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let watch: PageWatch;
  let page: Page;
  let world: ReaderWorld;
  let dialogs: string[] = [];
  let leftTo: string[] = [];

  beforeAll(async () => {
    world = await startReaderWorld();
    ({ server, feeds, watch, page } = world);
    ({ dialogs, leftTo } = watchForExecution(page, server.localUrl));
    await recordCspReports(page);
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  const probe = () => page.evaluate(() => (window as { __pwned?: unknown }).__pwned);
  const reports: CspReport[] = [];
  // Handler messages are accounted for only by reports of a parse outside the page (see
  // support/hostile-watch.ts); a handler that reached the page leaves its message as an error.
  const unexpectedErrors = async () => {
    reports.push(...(await takeCspReports(page)));
    const errors = errorsBesidesParseTimeReports(
      watch.errors.filter((e) => !/Failed to load resource|net::ERR_/.test(e)),
      reports,
      server.localUrl,
    );
    if (errors.length) console.log(errors, reports);
    return errors;
  };

  it("renders ~40 feedparser sanitize cases without running anything", async () => {
    const files = sample();
    expect(files.length).toBeGreaterThanOrEqual(35);
    const subscribed: string[] = [];
    for (const file of files) {
      const url = feeds.serveFixture(
        `/sanitize/${file}`,
        `${SANITIZE_DIR}/${file}`,
        "application/xml",
      );
      const response = await page.request.post(`${server.localUrl}/api/subscriptions`, {
        data: { url, view: 0 },
        headers: { origin: server.localUrl },
      });
      const body = (await response.json()) as { code: number; feed?: { id: string } };
      if (response.ok() && body.code === 0 && body.feed) subscribed.push(body.feed.id);
    }
    expect(subscribed.length).toBeGreaterThanOrEqual(30);
    // The local store learns of them with the next pull.
    await page.getByTestId("refetch").click();
    await waitForSynced(page);
    await page.getByTestId("toggle-unread-only").click();

    // Two passes: the first opens every entry (their contents stream in, batched, once a
    // second at most); the second opens each again and waits for its content to render.
    const openAll = async (waitForContent: boolean) => {
      let opened = 0;
      for (const feedId of subscribed) {
        const row = page.getByTestId(`subscription-${feedId}`);
        if ((await row.count()) === 0) continue;
        await row.click();
        await page.waitForURL(new RegExp(`/timeline/view-0/${feedId}/pending$`));
        await expect.poll(async () => (await timelineIds(page)).length).toBeGreaterThan(0);
        for (const id of await timelineIds(page)) {
          await page
            .locator(
              `[data-testid="timeline-item"][data-entry-id="${id}"] [data-testid="entry-link"]`,
            )
            .click();
          const view = page.locator(`[data-testid="entry-view"][data-entry-id="${id}"]`);
          await view.waitFor();
          if (waitForContent) {
            await expect.poll(() => view.getAttribute("data-content")).not.toBe("loading");
          }
          opened += 1;
        }
      }
      return opened;
    };
    await openAll(false);
    await page.waitForTimeout(1500);
    const opened = await openAll(true);
    expect(opened).toBeGreaterThanOrEqual(30);
    await page.waitForTimeout(500);
    expect(await probe()).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(leftTo).toEqual([]);
    expect(await unexpectedErrors()).toEqual([]);
    expect(reports.filter((r) => r.liveElement !== null)).toEqual([]);
  }, 180_000);

  it("sanitizes unsanitized content in the browser too (DOMPurify layer)", async () => {
    // The server sanitizes; here its answer is replaced, so only the browser's layer stands.
    const now = new Date(Date.now() - 60_000);
    const url = feeds.serve(
      "/hostile.xml",
      rssFeed("Hostile", [{ guid: "h1", title: "Hostile entry", date: now }]),
    );
    await page.route("**/api/entries/stream", async (route) => {
      const { ids } = route.request().postDataJSON() as { ids: string[] };
      const body = ids.map((id) => JSON.stringify({ id, content: PAYLOAD })).join("\n");
      await route.fulfill({ status: 200, contentType: "application/x-ndjson", body });
    });
    await page.getByTestId("quick-add-button").click();
    await page.getByTestId("quick-add-url").fill(url);
    await page.getByTestId("quick-add-submit").click();
    await page.getByTestId("quick-add-open").click();
    await expect.poll(async () => (await timelineIds(page)).length).toBe(1);
    const [id] = await timelineIds(page);
    // Timeline entries come without content, so opening it streams (through the route above).
    await page
      .locator(`[data-testid="timeline-item"][data-entry-id="${id}"] [data-testid="entry-link"]`)
      .click();
    const content = page.getByTestId("entry-content");
    await expect.poll(() => content.textContent(), { timeout: 10_000 }).toContain("hostile body");
    await page.waitForTimeout(1000);

    const report = await content.evaluate((root) => ({
      forbidden: [
        ...root.querySelectorAll(
          "script, style, form, button, object, embed, meta, base, iframe[srcdoc]",
        ),
      ].map((e) => e.tagName),
      handlers: [...root.querySelectorAll("*")].flatMap((e) =>
        [...e.attributes]
          .filter((a) => a.name.startsWith("on"))
          .map((a) => `${e.tagName}.${a.name}`),
      ),
      styled: root.querySelectorAll("[style]").length,
      scriptUrls: [...root.querySelectorAll("[href], [src], [action], [data]")].filter((e) =>
        ["href", "src", "action", "data"].some((n) =>
          /^\s*javascript:/i.test(e.getAttribute(n) ?? ""),
        ),
      ).length,
      iframes: [...root.querySelectorAll("iframe")].map((f) => ({
        src: f.getAttribute("src"),
        sandbox: f.getAttribute("sandbox"),
      })),
      links: [...root.querySelectorAll("a[href]")].map((a) => ({
        target: a.getAttribute("target"),
        rel: a.getAttribute("rel"),
      })),
    }));
    expect(report.forbidden).toEqual([]);
    expect(report.handlers).toEqual([]);
    expect(report.styled).toBe(0);
    expect(report.scriptUrls).toBe(0);
    expect(report.iframes).toEqual([
      {
        src: "https://www.youtube-nocookie.com/embed/abc",
        sandbox: "allow-scripts allow-same-origin allow-presentation",
      },
    ]);
    for (const link of report.links)
      expect(link).toEqual({ target: "_blank", rel: "noopener noreferrer" });
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe("none");

    // Following a link asks first (jumpOutLinkWarn is on by default).
    await page.locator("#ok-link").click();
    const jump = page.getByTestId("jump-out-dialog");
    await jump.waitFor();
    expect(await jump.getByTestId("jump-out-url").textContent()).toBe("https://example.com/ok");
    await page.keyboard.press("Escape");
    await jump.waitFor({ state: "hidden" });

    expect(await probe()).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(leftTo).toEqual([]);
    expect(await unexpectedErrors()).toEqual([]);
    expect(reports.filter((r) => r.liveElement !== null)).toEqual([]);
    await page.unroute("**/api/entries/stream");
  });
});
