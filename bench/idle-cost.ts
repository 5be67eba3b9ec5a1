import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { build } from "vite";
import { launchBrowser, openPage } from "../tests/e2e/support/browser.ts";
import { signUp, waitForSynced } from "../tests/e2e/support/reader.ts";
import { FeedServer, rssFeed } from "../tests/support/feed-server.ts";
import { startTestServer, type TestServer } from "../tests/support/server.ts";
import { seedLocal } from "./support/reader-ui-browser.ts";
import { ratio, round, type Table } from "./support/table.ts";

/**
 * Issue 18's idle cost: the app open on a timeline with 500 subscriptions and 20,000 local
 * entries, left alone, against an empty page in the same browser in the same run. Measured
 * through the DevTools protocol: renderer processes' CPU time (their pids from
 * SystemInfo.getProcessInfo, their CPU from /proc: all threads, workers included), the main thread's task time (Performance.getMetrics), and, from
 * an init script, every timer callback and animation frame that ran during the window (the
 * aim: none while nothing changes). The desktop app shows the same renderer.
 */
export const IDLE_CPU_AIM_PERCENT = 1;
const TIMELINE_PATH = "/timeline/view-0/all/pending";
/** USER_HZ on Linux: /proc reports CPU time in these ticks. */
const CLOCK_TICKS = 100;

/** Counts timer and frame callbacks as they run, by a short form of the callback's source. */
const CALLBACK_COUNTER = `(() => {
  const state = { counting: false, timeouts: 0, intervals: 0, frames: 0, idle: 0, sources: {} };
  window.__idleCounter = state;
  const note = (kind, fn) => {
    if (!state.counting) return;
    state[kind]++;
    const key = kind + ": " + String(fn).replace(/\\s+/g, " ").slice(0, 90);
    state.sources[key] = (state.sources[key] || 0) + 1;
  };
  const wrap = (name, kind) => {
    const original = window[name];
    if (typeof original !== "function") return;
    window[name] = function (fn, ...rest) {
      if (typeof fn !== "function") return original.call(this, fn, ...rest);
      return original.call(this, function (...args) { note(kind, fn); return fn.apply(this, args); }, ...rest);
    };
  };
  wrap("setTimeout", "timeouts");
  wrap("setInterval", "intervals");
  wrap("requestAnimationFrame", "frames");
  wrap("requestIdleCallback", "idle");
})();`;

interface CallbackCounts {
  timeouts: number;
  intervals: number;
  frames: number;
  idle: number;
  sources: Record<string, number>;
}

export interface IdleWindow {
  seconds: number;
  /** Renderer processes' CPU time over the window, as a share of one core. */
  rendererCpuPercent: number;
  /** Renderers' main threads only: CPU as a share of one core (/proc; 0 off Linux). */
  mainThreadCpuPercent: number;
  /** The page's main thread: task time (wall clock, so it grows on a loaded machine). */
  mainThreadPercent: number;
  layouts: number;
  styleRecalcs: number;
  callbacks: CallbackCounts;
}

export interface IdleFigures {
  subscriptions: number;
  localEntries: number;
  app: IdleWindow;
  empty: IdleWindow;
}

/**
 * CPU seconds (user + system) from /proc, or null off Linux: of a whole process (all threads),
 * or with `mainThread` of its main thread only (whose thread id is the process id).
 */
function procCpuSeconds(pid: number, mainThread = false): number | null {
  try {
    const path = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    const stat = readFileSync(path, "utf8");
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * Renderer processes' CPU seconds, by pid: from /proc where there is one (exact), else the
 * protocol's own cpuTime (coarser: Chromium refreshes it now and then).
 */
async function rendererCpuSeconds(
  browserCdp: CDPSession,
  mainThread = false,
): Promise<Map<number, number>> {
  const info = (await browserCdp.send("SystemInfo.getProcessInfo")) as {
    processInfo: Array<{ type: string; id: number; cpuTime: number }>;
  };
  return new Map(
    info.processInfo
      .filter((process) => process.type === "renderer")
      .map((process) => [
        process.id,
        procCpuSeconds(process.id, mainThread) ?? (mainThread ? 0 : process.cpuTime),
      ]),
  );
}

/** CPU used between two readings by the processes alive at both. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? seconds);
  return sum;
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const answer = (await cdp.send("Performance.getMetrics")) as {
    metrics: Array<{ name: string; value: number }>;
  };
  return Object.fromEntries(answer.metrics.map((m) => [m.name, m.value]));
}

/** Leaves the page alone for `seconds` and reads what it cost. */
async function idleWindow(
  page: Page,
  context: BrowserContext,
  browserCdp: CDPSession,
  seconds: number,
): Promise<IdleWindow> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.evaluate(() => {
    const counter = (window as unknown as { __idleCounter: { counting: boolean } }).__idleCounter;
    counter.counting = true;
  });
  const before = await metrics(cdp);
  const cpuBefore = await rendererCpuSeconds(browserCdp);
  const mainBefore = await rendererCpuSeconds(browserCdp, true);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const cpuAfter = await rendererCpuSeconds(browserCdp);
  const mainAfter = await rendererCpuSeconds(browserCdp, true);
  const wall = (performance.now() - started) / 1000;
  const after = await metrics(cdp);
  const callbacks = await page.evaluate(() => {
    const counter = (window as unknown as { __idleCounter: CallbackCounts & { counting: boolean } })
      .__idleCounter;
    counter.counting = false;
    return {
      timeouts: counter.timeouts,
      intervals: counter.intervals,
      frames: counter.frames,
      idle: counter.idle,
      sources: counter.sources,
    };
  });
  await cdp.detach();
  const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
  return {
    seconds: round(wall, 1),
    rendererCpuPercent: round((100 * cpuBetween(cpuBefore, cpuAfter)) / wall, 2),
    mainThreadCpuPercent: round((100 * cpuBetween(mainBefore, mainAfter)) / wall, 2),
    mainThreadPercent: round((100 * delta("TaskDuration")) / wall, 2),
    layouts: delta("LayoutCount"),
    styleRecalcs: delta("RecalcStyleCount"),
    callbacks,
  };
}

/** The counter sees callbacks (else "0 timers" would prove nothing): 3 timeouts, 2 frames. */
async function checkCounter(page: Page) {
  const seen = await page.evaluate(async () => {
    const counter = (window as unknown as { __idleCounter: CallbackCounts & { counting: boolean } })
      .__idleCounter;
    counter.timeouts = 0;
    counter.frames = 0;
    counter.counting = true;
    await new Promise<void>((resolve) => {
      for (let i = 0; i < 3; i++) setTimeout(() => {}, 0);
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)));
    });
    counter.counting = false;
    return { timeouts: counter.timeouts, frames: counter.frames };
  });
  if (seen.timeouts < 3 || seen.frames < 2) {
    throw new Error(`the callback counter missed callbacks: ${JSON.stringify(seen)}`);
  }
}

async function buildClient(outDir: string) {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ logLevel: "warn", build: { outDir, emptyOutDir: true, sourcemap: false } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** Subscribes the signed-in page's user to `count` feeds through the API, 8 at a time. */
async function subscribeMany(page: Page, server: TestServer, feeds: FeedServer, count: number) {
  const urls = Array.from({ length: count }, (_, i) =>
    feeds.serve(
      `/idle-${i}.xml`,
      rssFeed(`Idle feed ${i}`, [{ guid: `idle-${i}-1`, title: `Idle ${i}`, date: new Date() }]),
    ),
  );
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const answer = await page.request.post(`${server.localUrl}/api/subscriptions`, {
        data: { url, view: 0 },
      });
      if (!answer.ok()) throw new Error(`subscribe ${url}: ${answer.status()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

export async function benchIdleCost(
  options: { subscriptions?: number; localEntries?: number; seconds?: number } = {},
): Promise<IdleFigures> {
  const subscriptions = options.subscriptions ?? 500;
  const localEntries = options.localEntries ?? 20_000;
  const seconds = options.seconds ?? Number(process.env.IDLE_SECONDS ?? 60);
  const outDir = mkdtempSync(join(tmpdir(), "follow-idle-client-"));
  let browser: Browser | undefined;
  let server: TestServer | undefined;
  const feeds = await new FeedServer().start();
  try {
    await buildClient(outDir);
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: outDir,
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "100000",
      RATE_LIMIT_MAX: "100000",
      INGEST_POLL_SECONDS: "3600",
      LOG_LEVEL: "warn",
    });
    browser = await launchBrowser();
    const browserCdp = await browser.newBrowserCDPSession();

    const app = await openPage(browser);
    await app.context.addInitScript(CALLBACK_COUNTER);
    await signUp(app.page, server.localUrl);
    await subscribeMany(app.page, server, feeds, subscriptions);
    await app.page.reload();
    await waitForSynced(app.page, 120_000);
    const firstFeed = (await app.page.request
      .get(`${server.localUrl}/api/subscriptions`)
      .then((r) => r.json())) as { data: Array<{ feedId: string }> };
    await seedLocal(app.page, firstFeed.data[0]!.feedId, 0, localEntries);
    await app.page.goto(`${server.localUrl}${TIMELINE_PATH}`);
    await app.page.getByTestId("timeline-item").first().waitFor({ timeout: 60_000 });
    await waitForSynced(app.page, 120_000);
    // Let start-up work (paging, sync, lazy chunks) finish before the window opens.
    await app.page.waitForTimeout(5_000);
    const appWindow = await idleWindow(app.page, app.context, browserCdp, seconds);
    await app.context.close();

    const empty = await openPage(browser);
    await empty.context.addInitScript(CALLBACK_COUNTER);
    await empty.page.goto(`${server.localUrl}/api/health`);
    await empty.page.waitForTimeout(2_000);
    const emptyWindow = await idleWindow(empty.page, empty.context, browserCdp, seconds);
    await checkCounter(empty.page);
    await empty.context.close();
    return { subscriptions, localEntries, app: appWindow, empty: emptyWindow };
  } finally {
    await browser?.close();
    await server?.close();
    await feeds.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function idleCostTables(figures: IdleFigures): Table[] {
  const { app, empty } = figures;
  const row = (name: string, pick: (w: IdleWindow) => number) => [
    name,
    pick(app),
    pick(empty),
    ratio(pick(app), pick(empty)),
  ];
  const topSources = Object.entries(app.callbacks.sources)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([source, count]) => `${count}× ${source}`);
  return [
    {
      title: `Idle cost: timeline open, ${figures.subscriptions} subscriptions, ${figures.localEntries} local entries, ${app.seconds} s untouched (Chromium, CDP)`,
      headers: ["figure", "app", "empty page", "ratio"],
      rows: [
        row("renderer CPU, % of one core", (w) => w.rendererCpuPercent),
        row("main threads' CPU, % of one core", (w) => w.mainThreadCpuPercent),
        row("main-thread task time (wall), %", (w) => w.mainThreadPercent),
        row("timer callbacks run", (w) => w.callbacks.timeouts + w.callbacks.intervals),
        row("animation frames run", (w) => w.callbacks.frames),
        row("idle callbacks run", (w) => w.callbacks.idle),
        row("layouts", (w) => w.layouts),
        row("style recalcs", (w) => w.styleRecalcs),
      ],
      notes: [
        `aim: renderer CPU under ${IDLE_CPU_AIM_PERCENT} % of one core: ${
          app.rendererCpuPercent < IDLE_CPU_AIM_PERCENT ? "met" : "NOT met"
        }; no timers or frames while idle: ${
          app.callbacks.frames === 0 && app.callbacks.timeouts + app.callbacks.intervals === 0
            ? "met"
            : "NOT met"
        }`,
        ...(topSources.length ? ["callbacks that ran:", ...topSources.map((s) => `  ${s}`)] : []),
      ],
    },
  ];
}
