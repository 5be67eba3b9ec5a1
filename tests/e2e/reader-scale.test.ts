import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedServer } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import { quickAdd, recentFeed, signUp } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const ENTRIES = 50_000;

/** Seeds `count` entries of one feed straight into the local database (the reader's test hook). */
async function seedLocal(page: Page, feedId: string, count: number): Promise<void> {
  await page.evaluate(
    async ({ feedId, count }) => {
      const reader = window.__followReader!;
      const base = 1_800_000_000_000_000_000n;
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
    { feedId, count },
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

  it("scrolls 50,000 entries to the end with a bounded DOM", async () => {
    const feedId = await quickAdd(page, feeds.url("/seed.xml"));
    await seedLocal(page, feedId, ENTRIES);

    // No reload: start-up keeps 20 entries a subscription, and these 50,000 exist
    // only here. The timeline's live query takes them in as they are stored.
    await expect
      .poll(
        async () => Number(await page.getByTestId("timeline-list").getAttribute("data-count")),
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(3);

    // Load everything (each step of the infinite scroll grows the page) and jump to the end.
    const list = page.getByTestId("timeline-list");
    const scroller = page.getByTestId("timeline-scroll");
    let debugAt = Date.now();
    while (Number(await list.getAttribute("data-count")) < ENTRIES + 3) {
      if (Date.now() - debugAt > 10_000) {
        debugAt = Date.now();
        console.log(
          "DEBUG count",
          await list.getAttribute("data-count"),
          await page.getByTestId("timeline-item").count(),
        );
      }
      await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await page.waitForTimeout(50);
    }
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
  }, 180_000);
});
