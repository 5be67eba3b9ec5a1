import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page, Request } from "playwright-core";
import { launchBrowser, openPage, type PageWatch } from "../tests/e2e/support/browser.ts";
import { recentFeed, signUp, waitForSynced } from "../tests/e2e/support/reader.ts";
import { FeedServer } from "../tests/support/feed-server.ts";
import { startTestServer, type TestServer } from "../tests/support/server.ts";
import { buildClient } from "./support/build-client.ts";
import { median, percentile } from "./support/local-seed.ts";
import {
  type FrameRun,
  frameLoop,
  installPaintMarks,
  listNodes,
  loadAllRows,
  type PaintMarks,
  quickAddFeed,
  seedLocal,
  waitForMark,
} from "./support/reader-ui-browser.ts";
import { printTable, ratio, round, type Table } from "./support/table.ts";

/** Issue 5's aims. */
export const INITIAL_JS_AIM_KB = 250;
export const COLD_START_AIM_MS = 1000;
/** One frame at 60 Hz. */
export const FRAME_MS = 16.7;
/** The list's element bound the scale end-to-end test asserts (tests/e2e/reader-scale). */
export const LIST_NODES_BOUND = 1500;

const TIMELINE_PATH = "/timeline/view-0/all/pending";
const FEED_ENTRIES = 3;
const SCROLL_STEP_PX = 60;

/** Bytes of `bytes` gzipped at level 9. */
function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).length;
}

/** kB of 1,000 bytes, one decimal. */
function kB(bytes: number): number {
  return round(bytes / 1000, 1);
}

// 1. Initial JavaScript ----------------------------------------------------------------------

export interface ScriptFile {
  path: string;
  raw: number;
  gzip: number;
  /** Loaded by the database worker's thread rather than the page. */
  worker: boolean;
}

export interface InitialScripts {
  route: string;
  /** Every JS file requested before the route's first paint of its content. */
  files: ScriptFile[];
  /** JS files requested after that paint (lazy chunks). */
  later: ScriptFile[];
  /** Other built files requested before the paint (wasm, CSS), gzipped. */
  wasm: string[];
  wasmGzip: number;
  cssGzip: number;
  paintedMs: number;
}

/**
 * Opens `url` in a page with no cache and no service worker yet and sums the built files it
 * requested (page and workers) before `mark` was painted, gzipped from the build directory.
 */
async function initialScripts(
  page: Page,
  distDir: string,
  url: string,
  mark: "row" | "login",
): Promise<InitialScripts> {
  const requests: Array<{ request: Request; seenAt: number }> = [];
  const onRequest = (request: Request) => requests.push({ request, seenAt: Date.now() });
  page.on("request", onRequest);
  await page.goto(url, { waitUntil: "commit" });
  const marks = await waitForMark(page, mark);
  const origin = await page.evaluate(() => performance.timeOrigin);
  const cutoff = origin + marks[mark]!;
  // Let the requests under way finish so that their timing is known.
  await page.waitForLoadState("load");
  await page.waitForTimeout(1000);
  page.off("request", onRequest);
  const workers = new Set(page.workers().map((worker) => new URL(worker.url()).pathname));

  const before = new Map<string, ScriptFile>();
  const after = new Map<string, ScriptFile>();
  const wasm: string[] = [];
  let wasmGzip = 0;
  let cssGzip = 0;
  const counted = new Set<string>();
  for (const { request, seenAt } of requests) {
    if (request.serviceWorker()) continue;
    const { pathname } = new URL(request.url());
    if (!/\.(?:m?js|wasm|css)$/.test(pathname) || counted.has(pathname)) continue;
    const file = join(distDir, pathname);
    if (!existsSync(file)) throw new Error(`${pathname} is not a file of the build`);
    counted.add(pathname);
    const timing = request.timing();
    const startedAt = timing.startTime > 0 ? timing.startTime : seenAt;
    const bytes = readFileSync(file);
    if (startedAt > cutoff) {
      if (/\.m?js$/.test(pathname)) {
        after.set(pathname, {
          path: pathname,
          raw: bytes.length,
          gzip: gzipSize(bytes),
          worker: false,
        });
      }
      continue;
    }
    if (pathname.endsWith(".wasm")) {
      wasm.push(pathname);
      wasmGzip += gzipSize(bytes);
    } else if (pathname.endsWith(".css")) cssGzip += gzipSize(bytes);
    else {
      before.set(pathname, {
        path: pathname,
        raw: bytes.length,
        gzip: gzipSize(bytes),
        worker: workers.has(pathname) || /\/worker-[\w-]+\.js$/.test(pathname),
      });
    }
  }
  return {
    route: new URL(url).pathname,
    files: [...before.values()].sort((a, b) => b.gzip - a.gzip),
    later: [...after.values()],
    wasm,
    wasmGzip,
    cssGzip,
    paintedMs: marks[mark]!,
  };
}

// 2. Cold start --------------------------------------------------------------------------------

export interface ColdStart {
  /** Entries in the local database (the feed's own and seeded ones). */
  entries: number;
  samples: PaintMarks[];
  /** The same reloads of the page with only the feed's entries, interleaved with these. */
  baseline: PaintMarks[];
}

/** Navigates to the timeline and returns the page's marks once the first row is painted. */
async function coldStart(page: Page, url: string): Promise<PaintMarks> {
  await page.goto(url, { waitUntil: "commit" });
  const marks = await waitForMark(page, "row");
  // Let the first pull and the card windows settle before the next run.
  await waitForSynced(page);
  await page.waitForTimeout(500);
  return marks;
}

/**
 * `rounds` cold starts of the subject and of the baseline page after one warm-up each,
 * interleaved (B, A, B, A...) so that the machine's noise falls on both alike.
 */
async function coldStarts(
  subject: Page,
  baseline: Page,
  url: string,
  entries: number,
  rounds: number,
): Promise<ColdStart> {
  const result: ColdStart = { entries, samples: [], baseline: [] };
  for (let round = 0; round <= rounds; round++) {
    const marks = await coldStart(subject, url);
    const base = await coldStart(baseline, url);
    if (round === 0) continue;
    result.samples.push(marks);
    result.baseline.push(base);
  }
  return result;
}

// 3. Scrolling ---------------------------------------------------------------------------------

export interface ScrollFigures {
  rows: number;
  idle: FrameRun;
  scrolling: FrameRun;
  /** Elements in the list at the top with the first page (a cold start) loaded. */
  nodesAtTop: number;
  rowsAtTop: number;
  /** Elements in the list after all rows are loaded, at the middle, before scrolling. */
  nodesAtMiddle: number;
  seconds: number;
}

function mergeRuns(runs: FrameRun[]): FrameRun {
  return {
    frames: runs.flatMap((run) => run.frames),
    maxNodes: Math.max(...runs.map((run) => run.maxNodes)),
    scrolledPx: runs.reduce((sum, run) => sum + run.scrolledPx, 0),
  };
}

/**
 * Loads every row (the infinite scroll doubles the page each time the end comes near), jumps
 * to the middle and runs the rAF loop twice idle and twice scrolling, alternately.
 */
async function scrollAll(
  page: Page,
  rows: number,
  seconds: number,
): Promise<Omit<ScrollFigures, "nodesAtTop" | "rowsAtTop">> {
  await loadAllRows(page, rows);
  const scroller = page.getByTestId("timeline-scroll");
  await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight / 2));
  await page.waitForTimeout(1000);
  const nodesAtMiddle = await listNodes(page);
  const idle: FrameRun[] = [];
  const scrolling: FrameRun[] = [];
  for (let i = 0; i < 2; i++) {
    idle.push(await frameLoop(page, (seconds * 1000) / 2, 0));
    scrolling.push(await frameLoop(page, (seconds * 1000) / 2, SCROLL_STEP_PX));
    await page.waitForTimeout(300);
  }
  const scrolled = mergeRuns(scrolling);
  if (scrolled.scrolledPx < 1000) throw new Error(`scrolled only ${scrolled.scrolledPx} px`);
  return { rows, idle: mergeRuns(idle), scrolling: scrolled, nodesAtMiddle, seconds };
}

// All three ------------------------------------------------------------------------------------

export interface ReaderUiFigures {
  scripts: { login: InitialScripts; timeline: InitialScripts };
  coldStarts: ColdStart[];
  scroll: ScrollFigures;
  seedMs: number[];
  /** One-minute load average when the benchmark started and ended. */
  load: [number, number];
}

async function signedInPage(
  browser: Browser,
  server: TestServer,
  feedUrl: string,
): Promise<{ watch: PageWatch; feedId: string }> {
  const watch = await openPage(browser);
  await installPaintMarks(watch.context);
  await signUp(watch.page, server.localUrl);
  const feedId = await quickAddFeed(watch.page, feedUrl);
  await waitForSynced(watch.page);
  return { watch, feedId };
}

/**
 * Issue 5's figures in Chromium over the real production build served by the real server:
 * initial JS of the timeline route (vs the login route), cold start to the first row painted
 * with 10,000 local entries (vs 3) and scrolling 50,000 entries (vs idle frames).
 */
export async function benchReaderUi(
  options: { rounds?: number; largeRounds?: number; medium?: number; large?: number } = {},
): Promise<ReaderUiFigures> {
  const rounds = options.rounds ?? 5;
  const largeRounds = options.largeRounds ?? 3;
  const medium = options.medium ?? 10_000;
  const large = options.large ?? 50_000;
  const loadAtStart = loadavg()[0]!;
  const distDir = mkdtempSync(join(tmpdir(), "follow-bench-client-"));
  let feeds: FeedServer | undefined;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    await buildClient(distDir);
    feeds = await new FeedServer().start();
    const feedUrl = feeds.serve("/seed.xml", recentFeed("Seed Feed", "seed", FEED_ENTRIES));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: distDir,
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      LOG_LEVEL: "warn",
    });
    browser = await launchBrowser();
    const base = server.localUrl;

    // 1. Initial JS: fresh contexts (no HTTP cache, no service worker, no local database).
    const login = await openPage(browser);
    await installPaintMarks(login.context);
    const loginScripts = await initialScripts(login.page, distDir, `${base}/login`, "login");
    await login.context.close();

    const a = await signedInPage(browser, server, feedUrl);
    const fresh = await openPage(browser);
    await installPaintMarks(fresh.context);
    await fresh.context.addCookies(await a.watch.context.cookies());
    const timelineScripts = await initialScripts(
      fresh.page,
      distDir,
      `${base}${TIMELINE_PATH}`,
      "row",
    );
    await fresh.context.close();

    // 2. Cold starts: user A keeps the feed's 3 entries, user B gets `medium` more.
    const b = await signedInPage(browser, server, feedUrl);
    const seedMs = [await seedLocal(b.watch.page, b.feedId, 0, medium)];
    const url = `${base}${TIMELINE_PATH}`;
    const started = [
      await coldStarts(b.watch.page, a.watch.page, url, FEED_ENTRIES + medium, rounds),
    ];

    // 3. Up to `large` entries: cold start there too, then scrolling.
    seedMs.push(await seedLocal(b.watch.page, b.feedId, medium, large - medium));
    started.push(
      await coldStarts(b.watch.page, a.watch.page, url, FEED_ENTRIES + large, largeRounds),
    );
    const rowsAtTop = Number(
      await b.watch.page.getByTestId("timeline-list").getAttribute("data-count"),
    );
    const nodesAtTop = await listNodes(b.watch.page);
    const scrolled = await scrollAll(b.watch.page, FEED_ENTRIES + large, 6);
    for (const watch of [a.watch, b.watch]) {
      if (watch.errors.length) console.warn(`page errors: ${watch.errors.join("; ")}`);
    }
    return {
      scripts: { login: loginScripts, timeline: timelineScripts },
      coldStarts: started,
      scroll: { ...scrolled, nodesAtTop, rowsAtTop },
      seedMs,
      load: [loadAtStart, loadavg()[0]!],
    };
  } finally {
    await browser?.close().catch((error: unknown) => console.error(error));
    await server?.close().catch((error: unknown) => console.error(error));
    await feeds?.stop().catch((error: unknown) => console.error(error));
    rmSync(distDir, { recursive: true, force: true });
  }
}

// Tables ---------------------------------------------------------------------------------------

const sum = (files: readonly ScriptFile[], key: "raw" | "gzip") =>
  files.reduce((total, file) => total + file[key], 0);

function scriptsTable({ login, timeline }: ReaderUiFigures["scripts"]): Table {
  const row = (label: string, s: InitialScripts) => {
    const gzip = sum(s.files, "gzip");
    const worker = s.files.filter((file) => file.worker);
    return [
      label,
      s.files.length,
      kB(sum(s.files, "raw")),
      kB(gzip),
      kB(sum(worker, "gzip")),
      ratio(gzip, sum(login.files, "gzip")),
      gzip < INITIAL_JS_AIM_KB * 1000 ? "yes" : "NO",
    ];
  };
  const loginFiles = new Set(login.files.map((file) => file.path));
  const added = timeline.files
    .filter((file) => !loginFiles.has(file.path))
    .map((file) => `${file.path.replace("/assets/", "")} ${kB(file.gzip)}`)
    .join(", ");
  const biggest = timeline.files
    .slice(0, 4)
    .map((file) => `${file.path.replace("/assets/", "")} ${kB(file.gzip)}`)
    .join(", ");
  return {
    title:
      "Initial JavaScript by route, gzipped (production build, Chromium, signed in, first visit)",
    headers: [
      "route",
      "JS files",
      "raw kB",
      "gzip kB",
      "of which worker",
      "vs login",
      `< ${INITIAL_JS_AIM_KB} kB`,
    ],
    rows: [row(`${login.route} (baseline)`, login), row(timeline.route, timeline)],
    notes: [
      "Every .js file the page or its workers requested before the route's content was painted",
      "(login form; first timeline row with its entry), gzip -9 of the built file; kB = 1,000 bytes.",
      `Timeline's biggest: ${biggest}.`,
      `Timeline's beyond login's: ${added || "none"}.`,
      `First visit to the timeline (empty local database, first pull): row painted at ${round(timeline.paintedMs)} ms.`,
      `Also fetched before that paint, not counted: wasm ${kB(timeline.wasmGzip)} kB, CSS ${kB(timeline.cssGzip)} kB gzipped.`,
      `After it (lazy): ${timeline.later.length} JS files, ${kB(sum(timeline.later, "gzip"))} kB gzipped.`,
    ],
  };
}

const rowMs = (samples: readonly PaintMarks[]) => samples.map((marks) => marks.row!);

function coldStartAim(times: readonly number[]): string {
  if (Math.max(...times) < COLD_START_AIM_MS) return "yes";
  return median(times) < COLD_START_AIM_MS ? "median only" : "NO";
}

function coldStartTable(figures: ReaderUiFigures): Table {
  const wasm = figures.scripts.timeline.wasm.join(" ");
  const vfs = /wa-sqlite-async-/.test(wasm) ? "IndexedDB" : /wa-sqlite-/.test(wasm) ? "OPFS" : "?";
  const samples = (start: ColdStart) =>
    start.samples.map((marks) => Math.round(marks.row!)).join(", ");
  return {
    title: "Cold start to the first timeline row painted (Chromium, reload of the timeline route)",
    headers: [
      "local entries",
      "reloads",
      "median ms",
      "max ms",
      "baseline: 3 entries, median ms",
      "max ms",
      "vs baseline",
      `< ${COLD_START_AIM_MS} ms`,
    ],
    rows: figures.coldStarts.map((start) => {
      const times = rowMs(start.samples);
      const base = rowMs(start.baseline);
      return [
        start.entries.toLocaleString("en"),
        times.length,
        round(median(times)),
        round(Math.max(...times)),
        round(median(base)),
        round(Math.max(...base)),
        ratio(median(times), median(base)),
        coldStartAim(times),
      ];
    }),
    notes: [
      "performance.now() in the page (from navigation start) at the task after the frame that first",
      "showed a row with its entry; a MutationObserver installed before the app's scripts spots it.",
      `Reloads by a returning user: service worker and HTTP cache warm, database on ${vfs}.`,
      "The baseline is another user's page with only the feed's 3 entries, reloaded in turn with",
      `the measured one, after one warm-up each. Seeding took ${figures.seedMs.map((ms) => `${round(ms / 1000, 1)} s`).join(" + ")}.`,
      ...figures.coldStarts.map(
        (start) => `Samples at ${start.entries.toLocaleString("en")}: ${samples(start)} ms.`,
      ),
    ],
  };
}

function phasesTable(figures: ReaderUiFigures): Table {
  const at = (samples: readonly PaintMarks[], key: keyof PaintMarks) =>
    round(median(samples.map((marks) => marks[key] ?? Number.NaN)));
  const row = (label: string, samples: readonly PaintMarks[]) => [
    label,
    at(samples, "domContentLoaded"),
    at(samples, "shell"),
    at(samples, "worker"),
    at(samples, "reader"),
    at(samples, "skeletonRow"),
    at(samples, "row"),
  ];
  return {
    title: "Cold start phases (median ms from navigation start)",
    headers: [
      "local entries",
      "DOMContentLoaded",
      "shell painted",
      "db worker created",
      "database open",
      "first row (skeleton)",
      "first row painted",
    ],
    rows: [
      row(
        "3 (all baseline reloads)",
        figures.coldStarts.flatMap((start) => start.baseline),
      ),
      ...figures.coldStarts.map((start) => row(start.entries.toLocaleString("en"), start.samples)),
    ],
    notes: [
      "database open: window.__followReader set (worker script and wasm loaded, file opened, migrations,",
      "owner check, old translations deleted, sync started).",
      "first row (skeleton): the row's element, before its card query answered.",
    ],
  };
}

function frameStats(run: FrameRun) {
  const over = (ms: number) => run.frames.filter((frame) => frame > ms).length / run.frames.length;
  return {
    frames: run.frames.length,
    over16: over(FRAME_MS),
    over25: over(FRAME_MS * 1.5),
    p95: percentile(run.frames, 95),
    max: Math.max(...run.frames),
  };
}

const percent = (share: number) => `${round(share * 100, 1)}%`;

function scrollTable(s: ScrollFigures): Table {
  const idle = frameStats(s.idle);
  const scrolling = frameStats(s.scrolling);
  const row = (label: string, f: ReturnType<typeof frameStats>) => [
    label,
    f.frames,
    percent(f.over16),
    ratio(f.over16, idle.over16),
    percent(f.over25),
    round(f.p95, 1),
    ratio(f.p95, idle.p95),
    round(f.max, 1),
  ];
  return {
    title: `Scrolling ${s.rows.toLocaleString("en")} entries from the middle (Chromium, rAF loop, ${SCROLL_STEP_PX} px a frame)`,
    headers: [
      "frames",
      "count",
      `> ${FRAME_MS} ms`,
      "vs idle",
      `> ${round(FRAME_MS * 1.5)} ms`,
      "p95 ms",
      "p95 vs idle",
      "max ms",
    ],
    rows: [row("idle, same page (baseline)", idle), row("scrolling", scrolling)],
    notes: [
      `${s.seconds} s each, in runs of ${s.seconds / 2} s alternating idle and scrolling; scrolled ${Math.round(s.scrolling.scrolledPx).toLocaleString("en")} px.`,
      "Frame times are rAF timestamp deltas, which Chromium coarsens to 0.1 ms: a 16.67 ms frame reads",
      `16.6-16.8 ms, so even idle frames go "over ${FRAME_MS} ms". > ${round(FRAME_MS * 1.5)} ms: at least one vsync missed.`,
    ],
  };
}

/** The list's size does not grow with the rows loaded: at most twice the first page's. */
function isBounded(s: ScrollFigures): boolean {
  return s.scrolling.maxNodes <= 2 * s.nodesAtTop && s.scrolling.maxNodes < LIST_NODES_BOUND;
}

function domTable(s: ScrollFigures): Table {
  return {
    title: "Timeline list DOM size (elements inside [data-testid=timeline-list])",
    headers: ["state", "rows loaded", "elements", "vs first page", "per 1,000 rows", "bounded"],
    rows: [
      [
        "first page, at the top (baseline)",
        s.rowsAtTop.toLocaleString("en"),
        s.nodesAtTop,
        "1.00×",
        round((s.nodesAtTop / s.rowsAtTop) * 1000, 1),
        "",
      ],
      [
        "all rows, at the middle",
        s.rows.toLocaleString("en"),
        s.nodesAtMiddle,
        ratio(s.nodesAtMiddle, s.nodesAtTop),
        round((s.nodesAtMiddle / s.rows) * 1000, 2),
        "",
      ],
      [
        "all rows, max while scrolling",
        s.rows.toLocaleString("en"),
        s.scrolling.maxNodes,
        ratio(s.scrolling.maxNodes, s.nodesAtTop),
        round((s.scrolling.maxNodes / s.rows) * 1000, 2),
        isBounded(s) ? "yes" : "NO",
      ],
    ],
    notes: [
      "Bounded: about the first page's count however many rows are loaded (≤ 2× it) and under",
      `the ${LIST_NODES_BOUND.toLocaleString("en")} elements the scale end-to-end test allows.`,
    ],
  };
}

function aimsTable(figures: ReaderUiFigures): Table {
  const js = sum(figures.scripts.timeline.files, "gzip");
  const medium = figures.coldStarts[0]!;
  const times = rowMs(medium.samples);
  const scroll = figures.scroll;
  return {
    title: "Issue 5 aims",
    headers: ["aim", "figure", "met"],
    leftAligned: [1],
    rows: [
      [
        `initial JS of the timeline < ${INITIAL_JS_AIM_KB} kB gzipped`,
        `${kB(js)} kB`,
        js < INITIAL_JS_AIM_KB * 1000 ? "yes" : "NO",
      ],
      [
        `cold start to rows < ${COLD_START_AIM_MS / 1000} s, ${medium.entries.toLocaleString("en")} entries`,
        `median ${round(median(times))} ms, max ${round(Math.max(...times))} ms`,
        coldStartAim(times),
      ],
      [
        `bounded DOM while scrolling ${scroll.rows.toLocaleString("en")} entries`,
        `${scroll.scrolling.maxNodes} elements (first page: ${scroll.nodesAtTop})`,
        isBounded(scroll) ? "yes" : "NO",
      ],
    ],
    notes: [
      `Load average ${figures.load.map((l) => round(l, 1)).join(" → ")} over the run on ${availableParallelism()} cores:`,
      "absolute times move with it; the ratios against the interleaved baselines less so.",
    ],
  };
}

export function readerUiTables(figures: ReaderUiFigures): Table[] {
  return [
    scriptsTable(figures.scripts),
    coldStartTable(figures),
    phasesTable(figures),
    scrollTable(figures.scroll),
    domTable(figures.scroll),
    aimsTable(figures),
  ];
}

if (import.meta.main) {
  for (const table of readerUiTables(await benchReaderUi())) printTable(table);
}
