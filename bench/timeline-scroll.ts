import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { launchBrowser, openPage } from "../tests/e2e/support/browser.ts";
import { signUp } from "../tests/support/sync/remote.ts";
import { buildClient } from "./support/build-client.ts";
import { median, percentile } from "./support/local-seed.ts";
import { frameLoop } from "./support/reader-ui-browser.ts";
import { seedEntries } from "./support/seed-entries.ts";
import { BENCH_SERVER_ENV, spawnServer } from "./support/spawn-server.ts";
import { ratio, round, type Table } from "./support/table.ts";

/** Issue 12's aim: no frame over this while scrolling pages in. */
export const FRAME_AIM_MS = 50;
const TARGET_ROWS = 5000;
const SCROLL_STEP_PX = 120;

export interface TimelineScrollFigures {
  entriesOnServer: number;
  feedEntries: number;
  /** Rows the timeline held when the run stopped. */
  rows: number;
  scrolledPx: number;
  seconds: number;
  /** rAF deltas while scrolling down the feed, pages arriving from the server. */
  scrolling: number[];
  /** rAF deltas of the same page left alone (the machine's own noise). */
  idle: number[];
}

/**
 * Scrolling one feed's timeline 5,000 rows deep in Chromium while its pages come from the
 * server: a real server (own process) holding BENCH_PAGING_ENTRIES (default 100,000) entries
 * over 20 feeds for one user, the built client, a rAF loop scrolling 120 px a frame and
 * recording every frame's duration until the timeline holds 5,000 rows and is scrolled to
 * them. Baseline: the same page's frames while idle, in the same run.
 */
export async function benchTimelineScroll(): Promise<TimelineScrollFigures> {
  const entries = Number(process.env.BENCH_PAGING_ENTRIES ?? 100_000);
  const dataDir = mkdtempSync(join(tmpdir(), "follow-bench-scroll-"));
  const clientDir = mkdtempSync(join(tmpdir(), "follow-bench-scroll-client-"));
  const env = { ...BENCH_SERVER_ENV, CLIENT_DIST_DIR: clientDir };
  try {
    console.log("  building the client...");
    await buildClient(clientDir);
    let server = await spawnServer(env, { dataDir });
    const account = await signUp(server.url, `scroll.${Date.now()}@example.com`);
    await server.stop();
    console.log(`  seeding ${entries} entries over 20 subscribed feeds...`);
    const seed = seedEntries(join(dataDir, "follow.sqlite"), {
      userId: account.userId,
      feeds: 20,
      entries,
      unreadNewest: 100,
      unreadShare: 0.03,
      starredShare: 0.001,
    });
    server = await spawnServer(env, { dataDir });
    const browser = await launchBrowser();
    try {
      const { page, context } = await openPage(browser);
      const origin = new URL(server.url);
      await context.addCookies(
        account.cookie.split("; ").map((pair) => {
          const at = pair.indexOf("=");
          return {
            name: pair.slice(0, at),
            value: pair.slice(at + 1),
            domain: origin.hostname,
            path: "/",
          };
        }),
      );
      // Every entry of the feed, read or not; nothing marked read by scrolling past it.
      await page.goto(`${server.url}/`);
      await page.evaluate(() => {
        const values = { unreadOnly: false, scrollMarkUnread: false, hoverMarkUnread: false };
        localStorage.setItem(
          "follow:settings:general",
          JSON.stringify({ values, updated: Date.now() }),
        );
      });
      const feedId = seed.feedIds[0]!;
      await page.goto(`${server.url}/timeline/view-${seed.views[0]}/${feedId}/pending`);
      await page.getByTestId("timeline-item").first().waitFor({ timeout: 60_000 });
      const idle = await frameLoop(page, 3000, 0);
      const run = await scrollDeep(page, TARGET_ROWS, 180_000);
      return {
        entriesOnServer: seed.entries,
        feedEntries: Math.round(seed.entries / seed.feedIds.length),
        rows: run.rows,
        scrolledPx: run.scrolledPx,
        seconds: run.ms / 1000,
        scrolling: run.frames,
        idle: idle.frames,
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  }
}

/** Scrolls down a frame at a time until `rows` rows are loaded and reached (or `maxMs`). */
function scrollDeep(page: Page, rows: number, maxMs: number) {
  return page.evaluate(
    ({ rows, maxMs, step }) =>
      new Promise<{ frames: number[]; rows: number; scrolledPx: number; ms: number }>((resolve) => {
        const scroller = document.querySelector<HTMLElement>('[data-testid="timeline-scroll"]')!;
        const count = () =>
          Number(
            document.querySelector('[data-testid="timeline-list"]')?.getAttribute("data-count"),
          );
        const frames: number[] = [];
        const top = scroller.scrollTop;
        let start = 0;
        let last = 0;
        const tick = (now: number) => {
          if (start === 0) start = now;
          else frames.push(now - last);
          last = now;
          scroller.scrollTop += step;
          const atBottom = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
          const done = count() >= rows && atBottom;
          if (!done && now - start < maxMs) requestAnimationFrame(tick);
          else {
            resolve({
              frames,
              rows: count(),
              scrolledPx: scroller.scrollTop - top,
              ms: now - start,
            });
          }
        };
        requestAnimationFrame(tick);
      }),
    { rows, maxMs, step: SCROLL_STEP_PX },
  );
}

export function timelineScrollTable(figures: TimelineScrollFigures): Table {
  const stats = (frames: number[]) => ({
    count: frames.length,
    p50: median(frames),
    p95: percentile(frames, 95),
    max: Math.max(...frames),
    over: frames.filter((frame) => frame > FRAME_AIM_MS).length,
  });
  const idle = stats(figures.idle);
  const scrolling = stats(figures.scrolling);
  const row = (label: string, s: ReturnType<typeof stats>, aim = "") => [
    label,
    s.count,
    round(s.p50, 1),
    round(s.p95, 1),
    ratio(s.p95, idle.p95),
    round(s.max, 1),
    s.over,
    `${round((100 * s.over) / s.count, 1)}%`,
    aim,
  ];
  return {
    title:
      `Scrolling one feed ${figures.rows.toLocaleString("en")} rows deep while its pages arrive ` +
      `(Chromium; ${figures.feedEntries.toLocaleString("en")} entries in the feed, ` +
      `${figures.entriesOnServer.toLocaleString("en")} on the server)`,
    headers: [
      "frames",
      "count",
      "p50 ms",
      "p95 ms",
      "p95 vs idle",
      "max ms",
      `> ${FRAME_AIM_MS} ms`,
      "share",
      "aim",
    ],
    rows: [
      row("idle, same page (baseline)", idle),
      row(
        "scrolling 120 px a frame",
        scrolling,
        scrolling.over === 0
          ? "met"
          : scrolling.over / scrolling.count <= idle.over / idle.count
            ? "missed, at the idle noise"
            : `missed (${scrolling.over} frames)`,
      ),
    ],
    notes: [
      `Reached ${figures.rows} rows in ${round(figures.seconds, 1)} s, ${Math.round(figures.scrolledPx).toLocaleString("en")} px; the first rows came from the start-up pull, the rest page by page from the server.`,
      "Frame times are rAF timestamp deltas; headless Chromium on a shared 2-core machine, so the idle row is the noise floor.",
    ],
  };
}
