import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadXssVectors } from "../ingest/xss-vectors.ts";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import type { PageWatch } from "./support/browser.ts";
import { walkEntries } from "./support/entry-walk.ts";
import {
  type CspReport,
  errorsBesidesParseTimeReports,
  isParseTimeReport,
  recordCspReports,
  takeCspReports,
  watchForExecution,
} from "./support/hostile-watch.ts";
import { signUp, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/**
 * The browser's own sanitizing layer alone against every XSS vector we hold: the server's answer
 * with each entry's content is replaced by the raw payload (behind a line of safe text), and
 * every entry is opened in the entry pane. Nothing may run, navigate or fetch a payload's URL,
 * and the safe text must still show.
 */
/** The corpus as it is: whatever vector files the folder holds (tests/ingest/xss-vectors.ts). */
const corpus = loadXssVectors();

const PER_FEED = 60;
const safeText = (n: number) => `SAFE-TEXT-${n}`;

/** Request kinds that could run or exfiltrate something; images and media are plain content. */
const ACTIVE_REQUEST = new Set([
  "document",
  "script",
  "xhr",
  "fetch",
  "websocket",
  "eventsource",
  "stylesheet",
  "other",
]);

/** CSP refusing an image or media source (a data: video, say): a load stopped, not code run. */
const MEDIA_DIRECTIVES = new Set(["img-src", "media-src"]);
const BLOCKED_LOAD =
  /^console: Loading (media|the image) from .* violates the following Content Security Policy directive: "(img|media)-src /;

describe("every XSS vector, browser layer only (Chromium)", () => {
  let world: ReaderWorld;
  let server: TestServer;
  let feeds: FeedServer;
  let watch: PageWatch;
  let page: Page;
  const all = corpus.vectors.map((v) => ({ name: v.label, payload: v.payload }));
  let dialogs: string[] = [];
  let leftTo: string[] = [];
  const outside: Array<{ url: string; type: string }> = [];

  beforeAll(async () => {
    world = await startReaderWorld((f) => {
      for (let start = 0; start < all.length; start += PER_FEED) {
        const items = all.slice(start, start + PER_FEED).map((_, offset) => {
          const n = start + offset;
          return {
            guid: `vector-${n}`,
            title: `Vector ${n}`,
            date: new Date(Date.UTC(2026, 0, 1) - n * 60_000),
            html: `<p>VECTOR-${n}</p>`,
          };
        });
        f.serve(`/vectors-${start / PER_FEED}.xml`, rssFeed(`Vectors ${start / PER_FEED}`, items));
      }
    });
    ({ server, feeds, watch, page } = world);
    ({ dialogs, leftTo } = watchForExecution(page, server.localUrl));
    // Nothing leaves loopback: requests elsewhere are recorded and refused.
    await world.watch.context.route(
      (url) => !url.href.startsWith(server.localUrl),
      (route) => route.abort(),
    );
    page.on("request", (request: Request) => {
      const url = request.url();
      if (url.startsWith("data:") || url.startsWith("blob:")) return;
      if (!url.startsWith(server.localUrl)) outside.push({ url, type: request.resourceType() });
    });
    await recordCspReports(page);
    await signUp(page, server.localUrl);
    // The server's stored content says which vector an entry is; the browser gets the raw one.
    await page.route("**/api/entries/stream", async (route) => {
      const response = await route.fetch();
      const lines = (await response.text()).split("\n").filter(Boolean);
      const body = lines
        .map((line) => {
          const row = JSON.parse(line) as { id: string; content?: string };
          const n = Number(row.content?.match(/VECTOR-(\d+)/)?.[1] ?? -1);
          if (n < 0) return line;
          return JSON.stringify({
            ...row,
            content: `<p>${safeText(n)}</p>${all[n]!.payload}`,
          });
        })
        .join("\n");
      await route.fulfill({ response, body });
    });
  });
  afterAll(() => world?.close());

  it("renders each one in the entry pane with nothing executed", async () => {
    expect(corpus.files).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(0);
    const shown = new Set<number>();
    const feedCount = Math.ceil(all.length / PER_FEED);
    const feedIds: string[] = [];
    for (let f = 0; f < feedCount; f += 1) {
      const response = await page.request.post(`${server.localUrl}/api/subscriptions`, {
        data: { url: feeds.url(`/vectors-${f}.xml`), view: 0 },
        headers: { origin: server.localUrl },
      });
      const body = (await response.json()) as { feed?: { id: string } };
      expect(body.feed?.id).toBeTruthy();
      feedIds.push(body.feed!.id);
    }
    await page.getByTestId("refetch").click();
    await waitForSynced(page);
    // Read entries stay listed, so J can walk every one.
    await page.getByTestId("toggle-unread-only").click();

    // Opens every entry of a feed in turn: the first by a click, then J entry by entry. The
    // first walk only asks for the contents (they stream in batches, once a second at most);
    // the second waits for each to render and reads its safe text.
    const walk = async (f: number, read: boolean) => {
      const expected = Math.min(PER_FEED, all.length - f * PER_FEED);
      await page.getByTestId(`subscription-${feedIds[f]}`).click();
      await page.waitForURL(new RegExp(`/timeline/view-0/${feedIds[f]}/`));
      await expect.poll(async () => page.getByTestId("timeline-item").count()).toBeGreaterThan(0);
      const texts = await walkEntries(page, { steps: expected, read, stepTimeout: 15_000 });
      if (!read) return;
      texts.forEach((text, step) => {
        const n = Number(text.match(/SAFE-TEXT-(\d+)/)?.[1] ?? -1);
        expect(n, `safe text at step ${step} of feed ${f}`).toBeGreaterThanOrEqual(0);
        shown.add(n);
      });
    };
    for (let f = 0; f < feedCount; f += 1) await walk(f, false);
    await page.waitForTimeout(1500);
    for (let f = 0; f < feedCount; f += 1) await walk(f, true);
    await page.waitForTimeout(1000);

    const reports: CspReport[] = await takeCspReports(page);
    const parseTime = reports.filter((r) => isParseTimeReport(r, server.localUrl));
    const live = reports.filter((r) => r.liveElement !== null);
    const blockedLoads = reports.filter((r) => MEDIA_DIRECTIVES.has(r.directive));
    const activeOutside = outside.filter((r) => ACTIVE_REQUEST.has(r.type));
    console.log(
      `XSS vectors rendered through the entry pane: ${shown.size} of ${all.length}; executed: ${
        dialogs.length + leftTo.length
      }; CSP reports: ${reports.length} (${parseTime.length} at parse time in the sanitizer's ` +
        `inert document, ${live.length} from a handler on the page, ${blockedLoads.length} ` +
        `image or media loads refused); requests off the app: ` +
        `${outside.length} (${activeOutside.length} not images or media)`,
    );
    console.log(
      `[score] xss-vectors (browser): ${shown.size} / ${all.length + corpus.invalid.length} vectors shown, ${dialogs.length + leftTo.length} executed, ${corpus.invalid.length} unreadable; ${corpus.files} files`,
    );
    expect(corpus.invalid).toEqual([]);
    expect(shown.size).toBe(all.length);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(leftTo).toEqual([]);
    expect(live).toEqual([]);
    expect(activeOutside).toEqual([]);
    expect(
      errorsBesidesParseTimeReports(
        watch.errors.filter(
          (e) => !/Failed to load resource|net::ERR_/.test(e) && !BLOCKED_LOAD.test(e),
        ),
        reports,
        server.localUrl,
      ),
    ).toEqual([]);
  }, 600_000);

  it("would notice a handler that reached the page", async () => {
    // The control for the check above: the same kind of handler, put on the page directly.
    await page.evaluate(() => {
      const img = document.createElement("img");
      img.setAttribute("onerror", "window.__pwned = 1");
      img.src = "/missing-image.png";
      document.body.append(img);
    });
    await expect
      .poll(async () => (await takeCspReports(page)).filter((r) => r.liveElement === "IMG").length)
      .toBeGreaterThan(0);
  });
});
