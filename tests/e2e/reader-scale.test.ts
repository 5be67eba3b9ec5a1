import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIMELINE_WINDOW_ROWS } from "../../src/views/timeline/timeline-window.ts";
import type { FeedServer } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import { quickAdd, recentFeed, signUp } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const ENTRIES = 50_000;
/** Seeded entry i has the id SEED_BASE + i. */
const SEED_BASE = 1_800_000_000_000_000_000n;

/** Seeds `count` entries of one feed straight into the local database (the reader's test hook). */
async function seedLocal(page: Page, feedId: string, count: number): Promise<void> {
  await page.evaluate(
    async ({ feedId, count, seedBase }) => {
      const reader = window.__followReader!;
      const base = BigInt(seedBase);
      const now = Date.now();
      await reader.db.transaction(["entries"], async (tx) => {
        const batch = (tx as unknown as { executeBatch(s: unknown[]): Promise<unknown> })
          .executeBatch;
        for (let start = 0; start < count; start += 5000) {
          const statements = [];
          for (let i = start; i < Math.min(count, start + 5000); i++) {
            const id = (base + BigInt(i)).toString();
            const at = new Date(now - (i + 10) * 60_000).toISOString();
            statements.push({
              sql: `INSERT INTO entries (id, guid, title, description, feed_id, read, inserted_at, published_at)
                    VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
              params: [
                id,
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
    },
    { feedId, count, seedBase: SEED_BASE.toString() },
  );
}

/** Scrolls the timeline `step` px a frame for `frameCount` frames; the most DOM nodes seen. */
function scrollAndMeasure(page: Page, frameCount: number, step: number) {
  return page.evaluate(
    ({ frameCount, step }) =>
      new Promise<{ frames: number; maxNodes: number; scrolled: number }>((resolve) => {
        const scroller = document.querySelector<HTMLElement>('[data-testid="timeline-scroll"]')!;
        const list = document.querySelector('[data-testid="timeline-list"]')!;
        let frames = 0;
        let maxNodes = 0;
        const top = scroller.scrollTop;
        const tick = () => {
          frames++;
          if (frames % 10 === 0) maxNodes = Math.max(maxNodes, list.querySelectorAll("*").length);
          scroller.scrollTop += step;
          if (frames < frameCount) requestAnimationFrame(tick);
          else resolve({ frames, maxNodes, scrolled: scroller.scrollTop - top });
        };
        requestAnimationFrame(tick);
      }),
    { frameCount, step },
  );
}

describe("a large local store (Chromium): 50,000 entries", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let page: Page;
  let world: ReaderWorld;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve("/seed.xml", recentFeed("Seed Feed", "seed", 3));
    });
    ({ server, feeds, page } = world);
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  it("scrolls 50,000 entries to the end and back with a bounded DOM and a bounded window", async () => {
    const feedId = await quickAdd(page, feeds.url("/seed.xml"));
    await seedLocal(page, feedId, ENTRIES);

    // No reload: start-up keeps 20 entries a subscription, and these 50,000 exist
    // only here. The timeline's live query takes them in as they are stored.
    const list = page.getByTestId("timeline-list");
    await expect
      .poll(async () => Number(await list.getAttribute("data-count")), { timeout: 30_000 })
      .toBeGreaterThan(3);

    // To the end: the page grows to a full window, then the window moves on by half. At each
    // move the rows on screen stay where they were: after the first, the bottom of the first
    // window (seeded entries ~3,190-3,199) is at the top of the screen, not the new window's.
    await installListState(page);
    let state = await listState(page);
    let most = 0;
    const tops: number[] = [];
    for (const started = Date.now(); state.more || !state.end; ) {
      if (Date.now() - started > 120_000) throw new Error(`stuck at ${JSON.stringify(state)}`);
      const next = await scrollAndWait(page, "end");
      if (next.start !== state.start) tops.push(next.top);
      most = Math.max(most, next.count);
      state = next;
    }
    expect(most).toBe(TIMELINE_WINDOW_ROWS);
    expect(tops.length).toBeGreaterThan(25);
    expect(tops[0]).toBeGreaterThan(3_150);
    expect(tops[0]).toBeLessThan(3_200);
    // Each later move alike: the row on top is the last window's bottom, 1,600 rows on.
    for (const [k, top] of tops.entries())
      expect(Math.abs(top - tops[0]! - 1_600 * k)).toBeLessThan(50);
    const scroller = page.getByTestId("timeline-scroll");
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect
      .poll(() => page.locator('[data-testid="timeline-item"]').last().textContent(), {
        timeout: 10_000,
      })
      .toContain(`Seeded entry ${ENTRIES - 1}`);

    // Scroll from the middle: the list keeps a bounded number of nodes the whole way.
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight / 2));
    const { frames, maxNodes, scrolled } = await scrollAndMeasure(page, 120, 60);
    expect(frames).toBe(120);
    expect(maxNodes).toBeGreaterThan(0);
    expect(maxNodes).toBeLessThan(800);
    expect(scrolled).toBeGreaterThan(5000);

    // J opens the entry at the top of the screen, not the first row of the window (1,600 or so
    // rows above it). The open entry then stays put as the windows move back below.
    state = await listState(page);
    expect(state.start).not.toBe("");
    // The keys go to the area last pointed at: the timeline column.
    await page.getByTestId("timeline-column").dispatchEvent("pointerdown");
    await page.keyboard.press("j");
    await expect.poll(() => new URL(page.url()).pathname.split("/")[4]).toBe(state.topId);

    // And back to the timeline's top, window by window: at each move the row that started the
    // window left is still at the top of the screen.
    state = await listState(page);
    for (const started = Date.now(); state.start !== ""; ) {
      if (Date.now() - started > 120_000) throw new Error(`stuck at ${JSON.stringify(state)}`);
      const next = await scrollAndWait(page, "top");
      if (next.start !== state.start) {
        expect(next.top).toBe(Number(BigInt(state.start) - SEED_BASE));
      }
      state = next;
    }
    await scroller.evaluate((element) => element.scrollTo(0, 0));
    // The newest entry first again (the seeded ones are newer than the feed's own).
    await expect.poll(async () => (await listState(page)).top).toBe(0);
    expect((await listState(page)).count).toBe(TIMELINE_WINDOW_ROWS);
  }, 300_000);
});

interface ListState {
  count: number;
  start: string;
  more: boolean;
  /** The end-of-list marker is shown: no more local rows, the server pager at its end too. */
  end: boolean;
  /** The seeded entry at the top of the screen (its number in "Seeded entry N"), or -1. */
  top: number;
  topId: string | null;
}

/** The timeline list's rows, window and top row, read at once in the page. */
function listState(page: Page): Promise<ListState> {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="timeline-scroll"]')!;
    return (scroller as unknown as { readState(): ListState }).readState();
  });
}

/** Gives the timeline's scroller a `readState()`, the same in every call below. */
function installListState(page: Page): Promise<void> {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="timeline-scroll"]')!;
    Object.assign(scroller, {
      readState: () => {
        const list = document.querySelector('[data-testid="timeline-list"]')!;
        const edge = scroller.getBoundingClientRect().top;
        const first = [...list.querySelectorAll<HTMLElement>('[data-testid="timeline-item"]')]
          .filter((row) => row.getBoundingClientRect().bottom > edge + 1)
          .sort((x, y) => x.getBoundingClientRect().top - y.getBoundingClientRect().top)[0];
        return {
          count: Number(list.getAttribute("data-count")),
          start: list.getAttribute("data-window-start") ?? "",
          more: list.getAttribute("data-more") === "true",
          end: document.querySelector('[data-testid="timeline-end"]') !== null,
          top: Number(first?.textContent?.match(/Seeded entry (\d+)/)?.[1] ?? -1),
          topId: first?.getAttribute("data-entry-id") ?? null,
        };
      },
    });
  });
}

/**
 * Scrolls the timeline to its end or top once and waits until its rows or window change (or
 * 5 s pass), reading the state in the same task as the change: no second scroll can come
 * between the move and the reading.
 */
function scrollAndWait(page: Page, to: "end" | "top"): Promise<ListState> {
  return page.evaluate(
    (to) =>
      new Promise<ListState>((resolve) => {
        const scroller = document.querySelector<HTMLElement>('[data-testid="timeline-scroll"]')!;
        const list = document.querySelector('[data-testid="timeline-list"]')!;
        const done = () => {
          observer.disconnect();
          clearTimeout(timer);
          resolve((scroller as unknown as { readState(): ListState }).readState());
        };
        const observer = new MutationObserver(done);
        observer.observe(list, {
          attributeFilter: ["data-count", "data-window-start", "data-more"],
        });
        const timer = setTimeout(done, 5_000);
        scroller.scrollTo(0, to === "end" ? scroller.scrollHeight : 0);
      }),
    to,
  );
}
