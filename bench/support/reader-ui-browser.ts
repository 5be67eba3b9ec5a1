import type { BrowserContext, Page } from "playwright-core";

/**
 * In-page helpers of the reader-ui benchmark (bench/reader-ui.ts): paint marks installed before
 * the app's scripts run, local seeding through the reader's test hook (as in
 * tests/e2e/reader-scale.test.ts), and a requestAnimationFrame loop for scrolling.
 */

/** What the page marks, in ms of its own performance.now() (from navigation start). */
export interface PaintMarks {
  /** The first Worker constructed (the database worker). */
  worker?: number;
  /** window.__followReader set: the local database is open and migrated, sync started. */
  reader?: number;
  /** The app shell (quick add button) painted. */
  shell?: number;
  /** A timeline row painted, maybe still a placeholder while its card loads. */
  skeletonRow?: number;
  /** A timeline row painted with its entry (title and link). */
  row?: number;
  /** The login form painted. */
  login?: number;
  domContentLoaded?: number;
}

/** Elements whose first paint is marked; a row with its entry or the login form ends it. */
const WATCHED: Record<
  Exclude<keyof PaintMarks, "worker" | "reader" | "domContentLoaded">,
  string
> = {
  shell: '[data-testid="quick-add-button"]',
  skeletonRow: '[data-testid="timeline-item"]',
  row: '[data-testid="timeline-item"] [data-testid="entry-link"]',
  login: '[data-testid="login-submit"]',
};

/**
 * Installs, before any page script, a MutationObserver noting when each watched element first
 * appears and stamping the frame after it was painted (rAF, then a task after that frame),
 * so neither Playwright's polling nor its round trips count. It stops once a row or the login
 * form is painted, so it costs nothing later (scrolling). Also notes when the first Worker is
 * constructed (the database's) and when the reader's test hook is set (database open).
 */
export async function installPaintMarks(context: BrowserContext): Promise<void> {
  await context.addInitScript((watched: Record<string, string>) => {
    if (window.top !== window) return;
    const marks: Record<string, number> = {};
    (window as unknown as { __readerUiMarks: Record<string, number> }).__readerUiMarks = marks;
    let reader: unknown;
    Object.defineProperty(window, "__followReader", {
      configurable: true,
      get: () => reader,
      set(value) {
        if (value && marks.reader === undefined) marks.reader = performance.now();
        reader = value;
      },
    });
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(...args: ConstructorParameters<typeof Worker>) {
        super(...args);
        marks.worker ??= performance.now();
      }
    };
    document.addEventListener("DOMContentLoaded", () => {
      marks.domContentLoaded = performance.now();
    });
    const pending = new Set(Object.keys(watched));
    const afterPaint = (name: string) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          marks[name] = performance.now();
          if (name === "row" || name === "login") observer.disconnect();
        };
        channel.port2.postMessage(null);
      });
    const check = () => {
      for (const name of pending) {
        if (document.querySelector(watched[name]!)) {
          pending.delete(name);
          marks[`${name}Inserted`] = performance.now();
          afterPaint(name);
        }
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
  }, WATCHED);
}

/** Waits for a paint mark of the current document and returns all marks so far. */
export async function waitForMark(
  page: Page,
  name: keyof PaintMarks,
  timeout = 60_000,
): Promise<PaintMarks> {
  await page.waitForFunction(
    (name) =>
      (window as unknown as { __readerUiMarks?: Record<string, number> }).__readerUiMarks?.[
        name
      ] !== undefined,
    name,
    { timeout, polling: 50 },
  );
  return page.evaluate(
    () => (window as unknown as { __readerUiMarks: PaintMarks }).__readerUiMarks,
  );
}

/**
 * Quick add by URL without opening the feed; resolves with its id once the server confirmed
 * it and its entries are stored. (tests/e2e/support/reader.ts's quickAdd polls with Vitest's
 * expect, which only works inside a test run.)
 */
export async function quickAddFeed(page: Page, url: string): Promise<string> {
  await page.getByTestId("quick-add-button").click();
  const dialog = page.getByTestId("quick-add-dialog");
  await dialog.getByTestId("quick-add-url").fill(url);
  await dialog.getByTestId("quick-add-submit").click();
  const done = dialog.getByTestId("quick-add-done");
  await done.waitFor({ timeout: 30_000 });
  const feedId = (await done.getAttribute("data-feed-id"))!;
  const entries = dialog.getByTestId("quick-add-entries");
  for (const started = Date.now(); ; await page.waitForTimeout(100)) {
    if (Number((await entries.textContent())?.match(/\d+/)?.[0] ?? 0) > 0) break;
    if (Date.now() - started > 20_000) throw new Error("quick add stored no entries");
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  return feedId;
}

/**
 * Seeds entries `from` .. `from + count - 1` of one feed straight into the local database
 * (the reader's test hook), one transaction, batches of 5,000 statements; unread, one minute
 * apart from ten minutes ago. Ids already there are kept as they are
 * (a reload's start-up eviction leaves some). Returns the milliseconds it took.
 */
export function seedLocal(page: Page, feedId: string, from: number, count: number) {
  return page.evaluate(
    async ({ feedId, from, count }) => {
      const reader = window.__followReader!;
      const started = performance.now();
      const base = 1_800_000_000_000_000_000n;
      const now = Date.now();
      await reader.db.transaction(["entries"], async (tx) => {
        const batch = (tx as unknown as { executeBatch(s: unknown[]): Promise<unknown> })
          .executeBatch;
        for (let start = from; start < from + count; start += 5000) {
          const statements = [];
          for (let i = start; i < Math.min(from + count, start + 5000); i++) {
            const at = new Date(now - (i + 10) * 60_000).toISOString();
            statements.push({
              sql: `INSERT OR IGNORE INTO entries (id, guid, title, description, feed_id, read, inserted_at, published_at)
                    VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
              params: [
                (base + BigInt(i)).toString(),
                `seed-${i}`,
                `Seeded entry ${i}`,
                `Excerpt of seeded entry ${i}`,
                feedId,
                at,
                at,
              ],
            });
          }
          await batch.call(tx, statements);
        }
      });
      return performance.now() - started;
    },
    { feedId, from, count },
  );
}

/** Elements inside the timeline list right now. */
export function listNodes(page: Page): Promise<number> {
  return page.getByTestId("timeline-list").evaluate((list) => list.querySelectorAll("*").length);
}

/**
 * Scrolls the timeline to its end: every one of its `rows` rows passes through the list (the
 * infinite scroll doubles the page each time the end comes near; past TIMELINE_WINDOW_ROWS the
 * list is a window that moves on). Ends holding the last rows, the end-of-list marker under
 * them (the rows must be in the list already: a list of the feed's own few ends too).
 */
export async function scrollToTimelineEnd(
  page: Page,
  rows: number,
  timeout = 120_000,
): Promise<void> {
  const list = page.getByTestId("timeline-list");
  const scroller = page.getByTestId("timeline-scroll");
  const end = page.getByTestId("timeline-end");
  const started = Date.now();
  // No more local rows, and the server pager at its end: rows beyond its mark stay hidden until
  // it has paged there.
  while ((await list.getAttribute("data-more")) !== "false" || (await end.count()) === 0) {
    if (Date.now() - started > timeout) throw new Error(`the timeline never reached row ${rows}`);
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.waitForTimeout(50);
  }
}

export interface FrameRun {
  /** Time between consecutive animation frames, ms. */
  frames: number[];
  /** The most elements inside the timeline list, sampled every 10 frames. */
  maxNodes: number;
  scrolledPx: number;
}

/**
 * A requestAnimationFrame loop for `ms` over the timeline, scrolling it by `step` px each
 * frame (0: idle frames, the machine's own noise) and sampling the list's size.
 */
export function frameLoop(page: Page, ms: number, step: number): Promise<FrameRun> {
  return page.evaluate(
    ({ ms, step }) =>
      new Promise<FrameRun>((resolve) => {
        const scroller = document.querySelector<HTMLElement>('[data-testid="timeline-scroll"]')!;
        const list = document.querySelector('[data-testid="timeline-list"]')!;
        const frames: number[] = [];
        let maxNodes = list.querySelectorAll("*").length;
        const top = scroller.scrollTop;
        let start = 0;
        let last = 0;
        const tick = (now: number) => {
          if (start === 0) start = now;
          else frames.push(now - last);
          last = now;
          if (frames.length % 10 === 0) {
            maxNodes = Math.max(maxNodes, list.querySelectorAll("*").length);
          }
          if (step) scroller.scrollTop += step;
          if (now - start < ms) requestAnimationFrame(tick);
          else resolve({ frames, maxNodes, scrolledPx: scroller.scrollTop - top });
        };
        requestAnimationFrame(tick);
      }),
    { ms, step },
  );
}

/** Entries in the page's local database (follow.db) right now. */
export function localEntryCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const rows = await window.__followReader!.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM entries",
    );
    return Number(rows[0]?.n ?? 0);
  });
}

export interface HeapFigures {
  /** JS heap in use after a forced full GC, bytes (the page's main thread). */
  heapUsed: number;
  /** Elements in the whole document. */
  domNodes: number;
}

/** The page's JS heap after a forced GC (CDP, Chromium only) and its element count. */
export async function heapAfterGc(page: Page): Promise<HeapFigures> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("HeapProfiler.collectGarbage");
    const { usedSize } = await cdp.send("Runtime.getHeapUsage");
    const domNodes = await page.evaluate(() => document.querySelectorAll("*").length);
    return { heapUsed: usedSize, domNodes };
  } finally {
    await cdp.detach();
  }
}
