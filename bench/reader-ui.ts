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
  type HeapFigures,
  heapAfterGc,
  installPaintMarks,
  listNodes,
  localEntryCount,
  type PaintMarks,
  quickAddFeed,
  scrollToTimelineEnd,
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
  /** Entries seeded into the local database before the first reload. */
  seeded: number;
  /**
   * The first reload after seeding, not counted in `samples`: the only one that starts with all
   * of them, as its start-up eviction keeps 20 entries a subscription before any row shows.
   */
  firstReload: PaintMarks;
  /** Entries left in the local database for the reloads measured (after that eviction). */
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
  seeded: number,
  rounds: number,
): Promise<ColdStart> {
  const samples: PaintMarks[] = [];
  const base: PaintMarks[] = [];
  let firstReload: PaintMarks | undefined;
  for (let round = 0; round <= rounds; round++) {
    const marks = await coldStart(subject, url);
    const other = await coldStart(baseline, url);
    if (round === 0) {
      firstReload = marks;
      continue;
    }
    samples.push(marks);
    base.push(other);
  }
  const entries = await localEntryCount(subject);
  return { seeded, firstReload: firstReload!, entries, samples, baseline: base };
}

// 3. Scrolling and memory ----------------------------------------------------------------------

export interface ScrollFigures {
  rows: number;
  /** Rows the list held at the end (a window of them past TIMELINE_WINDOW_ROWS). */
  rowsHeld: number;
  idle: FrameRun;
  scrolling: FrameRun;
  /** Elements in the list after all rows are loaded, at the middle, before scrolling. */
  nodesAtMiddle: number;
  seconds: number;
  /** Heap and DOM after a forced GC, all rows loaded and scrolled through. */
  memory: HeapFigures;
}

export interface MemoryBaseline {
  /** Elements in the list at the top with the first page (a cold start) loaded. */
  nodesAtTop: number;
  rowsAtTop: number;
  /** Heap and DOM after a forced GC at the top, first page only. */
  memory: HeapFigures;
}

function mergeRuns(runs: FrameRun[]): FrameRun {
  return {
    frames: runs.flatMap((run) => run.frames),
    maxNodes: Math.max(...runs.map((run) => run.maxNodes)),
    scrolledPx: runs.reduce((sum, run) => sum + run.scrolledPx, 0),
  };
}

/**
 * Scrolls every row through the list to the end (scrollToTimelineEnd), jumps to the middle of
 * what it holds and runs the rAF loop twice idle and twice scrolling, alternately; then the
 * heap after a forced GC.
 */
async function scrollAll(page: Page, rows: number, seconds: number): Promise<ScrollFigures> {
  await scrollToTimelineEnd(page, rows);
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
  // Let the card windows of the last rows reached settle before the heap is read.
  await page.waitForTimeout(500);
  const memory = await heapAfterGc(page);
  const rowsHeld = Number(await page.getByTestId("timeline-list").getAttribute("data-count"));
  return {
    rows,
    rowsHeld,
    idle: mergeRuns(idle),
    scrolling: scrolled,
    nodesAtMiddle,
    seconds,
    memory,
  };
}

/**
 * Seeds the local database up to `total` entries of the feed while the timeline is open (no
 * reload, so no start-up eviction), waits until the open timeline holds more than the feed's
 * own entries (its live query takes them in), then loads and scrolls them all.
 */
async function seedAndScroll(
  page: Page,
  feedId: string,
  total: number,
  seconds: number,
): Promise<ScrollFigures> {
  await seedLocal(page, feedId, 0, total);
  const list = page.getByTestId("timeline-list");
  for (const started = Date.now(); ; await page.waitForTimeout(100)) {
    if (Number(await list.getAttribute("data-count")) > FEED_ENTRIES) break;
    if (Date.now() - started > 30_000) throw new Error("the timeline never took the seeded rows");
  }
  return scrollAll(page, FEED_ENTRIES + total, seconds);
}

// All three ------------------------------------------------------------------------------------

export interface ReaderUiFigures {
  scripts: { login: InitialScripts; timeline: InitialScripts };
  coldStarts: ColdStart[];
  /** The first page at the top, then all rows loaded and scrolled at each size. */
  top: MemoryBaseline;
  scrolls: ScrollFigures[];
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

export interface ReaderUiOptions {
  /** Measured reloads per size (after one warm-up reload each). */
  rounds?: number;
  largeRounds?: number;
  /** Local entries of the smaller and the larger size. */
  medium?: number;
  large?: number;
  /** Seconds of rAF loop (half idle, half scrolling) at each size. */
  scrollSeconds?: number;
  /** A production build of the client to serve; built into a temp dir when absent. */
  distDir?: string;
}

/**
 * Issue 5's figures in Chromium over the real production build served by the real server:
 * initial JS of the timeline route (vs the login route), cold start to the first row painted
 * with `medium` and `large` local entries (vs 3), and with as many loaded into the open
 * timeline: scrolling them (vs idle frames), the list's DOM and the heap after a forced GC.
 */
export async function benchReaderUi(options: ReaderUiOptions = {}): Promise<ReaderUiFigures> {
  const rounds = options.rounds ?? 5;
  const largeRounds = options.largeRounds ?? 3;
  const medium = options.medium ?? 10_000;
  const large = options.large ?? 100_000;
  const scrollSeconds = options.scrollSeconds ?? 6;
  const loadAtStart = loadavg()[0]!;
  const distDir = options.distDir ?? mkdtempSync(join(tmpdir(), "follow-bench-client-"));
  let feeds: FeedServer | undefined;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    if (!options.distDir) await buildClient(distDir);
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

    // 2. Cold starts: user A keeps the feed's 3 entries, user B gets `medium`, then `large`.
    const b = await signedInPage(browser, server, feedUrl);
    const page = b.watch.page;
    const url = `${base}${TIMELINE_PATH}`;
    const seedMs: number[] = [];
    const started: ColdStart[] = [];
    for (const [size, sizeRounds] of [
      [medium, rounds],
      [large, largeRounds],
    ] as const) {
      seedMs.push(await seedLocal(page, b.feedId, 0, size));
      started.push(await coldStarts(page, a.watch.page, url, size, sizeRounds));
    }

    // 3. The first page at the top, then `medium` and `large` entries loaded and scrolled
    //    in the open timeline.
    const top: MemoryBaseline = {
      rowsAtTop: Number(await page.getByTestId("timeline-list").getAttribute("data-count")),
      nodesAtTop: await listNodes(page),
      memory: await heapAfterGc(page),
    };
    const scrolls: ScrollFigures[] = [];
    for (const size of [medium, large]) {
      scrolls.push(await seedAndScroll(page, b.feedId, size, scrollSeconds));
    }
    for (const watch of [a.watch, b.watch]) {
      if (watch.errors.length) console.warn(`page errors: ${watch.errors.join("; ")}`);
    }
    return {
      scripts: { login: loginScripts, timeline: timelineScripts },
      coldStarts: started,
      top,
      scrolls,
      seedMs,
      load: [loadAtStart, loadavg()[0]!],
    };
  } finally {
    await browser?.close().catch((error: unknown) => console.error(error));
    await server?.close().catch((error: unknown) => console.error(error));
    await feeds?.stop().catch((error: unknown) => console.error(error));
    if (!options.distDir) rmSync(distDir, { recursive: true, force: true });
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
      "seeded",
      "first reload ms",
      "entries left",
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
        start.seeded.toLocaleString("en"),
        round(start.firstReload.row!),
        start.entries.toLocaleString("en"),
        times.length,
        round(median(times)),
        round(Math.max(...times)),
        round(median(base)),
        round(Math.max(...base)),
        ratio(median(times), median(base)),
        coldStartAim([start.firstReload.row!, ...times]),
      ];
    }),
    notes: [
      "performance.now() in the page (from navigation start) at the task after the frame that first",
      "showed a row with its entry; a MutationObserver installed before the app's scripts spots it.",
      `Reloads by a returning user: service worker and HTTP cache warm, database on ${vfs}.`,
      "First reload: the only start with every seeded entry in follow.db; its start-up eviction",
      "(20 entries a subscription kept, before any row shows) leaves `entries left` to the later ones.",
      "The baseline is another user's page with only the feed's 3 entries, reloaded in turn with",
      `the measured one, after one warm-up each. Seeding took ${figures.seedMs.map((ms) => `${round(ms / 1000, 1)} s`).join(" + ")}.`,
      ...figures.coldStarts.map(
        (start) => `Samples after ${start.seeded.toLocaleString("en")}: ${samples(start)} ms.`,
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
      ...figures.coldStarts.map((start) =>
        row(
          `${start.entries.toLocaleString("en")} (after ${start.seeded.toLocaleString("en")})`,
          start.samples,
        ),
      ),
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
export function isBounded(s: ScrollFigures, top: MemoryBaseline): boolean {
  return s.scrolling.maxNodes <= 2 * top.nodesAtTop && s.scrolling.maxNodes < LIST_NODES_BOUND;
}

const MB = (bytes: number) => round(bytes / 1e6, 1);

function memoryTable(figures: ReaderUiFigures): Table {
  const { top } = figures;
  const rowOf = (
    label: string,
    rows: number,
    held: number,
    listNodes: number,
    memory: HeapFigures,
  ) => [
    label,
    rows.toLocaleString("en"),
    held.toLocaleString("en"),
    listNodes,
    ratio(listNodes, top.nodesAtTop),
    memory.domNodes,
    MB(memory.heapUsed),
    ratio(memory.heapUsed, top.memory.heapUsed),
    round((memory.heapUsed - top.memory.heapUsed) / Math.max(1, rows - top.rowsAtTop), 0),
  ];
  return {
    title:
      "Timeline DOM and page heap by rows scrolled through (Chromium; heap after a forced GC over CDP)",
    headers: [
      "state",
      "rows scrolled through",
      "rows held",
      "list elements",
      "vs first page",
      "document elements",
      "heap MB",
      "vs first page",
      "heap bytes per extra row",
    ],
    rows: [
      rowOf(
        "first page, at the top (baseline)",
        top.rowsAtTop,
        top.rowsAtTop,
        top.nodesAtTop,
        top.memory,
      ),
      ...figures.scrolls.map((s) =>
        rowOf(
          `all rows, scrolled (list max ${s.scrolling.maxNodes} el.; ${isBounded(s, top) ? "bounded" : "NOT bounded"})`,
          s.rows,
          s.rowsHeld,
          s.nodesAtMiddle,
          s.memory,
        ),
      ),
    ],
    notes: [
      "List elements: inside [data-testid=timeline-list] at the middle, all rows loaded; bounded:",
      `at most twice the first page's while scrolling and under the ${LIST_NODES_BOUND.toLocaleString("en")} the scale e2e allows.`,
      "Heap: HeapProfiler.collectGarbage, then Runtime.getHeapUsage (the page's main thread; the",
      "database worker's heap and wasm memory are not in it).",
    ],
  };
}

function aimsTable(figures: ReaderUiFigures): Table {
  const js = sum(figures.scripts.timeline.files, "gzip");
  const starts = figures.coldStarts.map((start) => {
    const times = [start.firstReload.row!, ...rowMs(start.samples)];
    return [
      `cold start to rows < ${COLD_START_AIM_MS / 1000} s, ${start.seeded.toLocaleString("en")} entries in follow.db`,
      `first reload ${round(start.firstReload.row!)} ms; then (${start.entries.toLocaleString("en")} left) median ${round(median(rowMs(start.samples)))} ms`,
      coldStartAim(times),
    ];
  });
  const bounded = figures.scrolls.map((scroll) => [
    `bounded DOM while scrolling ${scroll.rows.toLocaleString("en")} entries`,
    `${scroll.scrolling.maxNodes} elements (first page: ${figures.top.nodesAtTop}); heap ${MB(scroll.memory.heapUsed)} MB`,
    isBounded(scroll, figures.top) ? "yes" : "NO",
  ]);
  return {
    title: "Aims",
    headers: ["aim", "figure", "met"],
    leftAligned: [1],
    rows: [
      [
        `initial JS of the timeline < ${INITIAL_JS_AIM_KB} kB gzipped`,
        `${kB(js)} kB`,
        js < INITIAL_JS_AIM_KB * 1000 ? "yes" : "NO",
      ],
      ...starts,
      ...bounded,
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
    ...figures.scrolls.map(scrollTable),
    memoryTable(figures),
    aimsTable(figures),
  ];
}

if (import.meta.main) {
  for (const table of readerUiTables(await benchReaderUi())) printTable(table);
}
