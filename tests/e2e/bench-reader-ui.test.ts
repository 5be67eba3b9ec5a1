import { describe, expect, inject, it } from "vitest";
import { benchReaderUi, isBounded, readerUiTables } from "../../bench/reader-ui.ts";

// `npm run bench -- reader-ui` at a small size on the suite's own build: the benchmark's steps
// (initial JS, reloads, seeding follow.db, loading every row and scrolling, heap after GC) keep
// working, so the benchmark cannot silently stop completing.
describe("benchmark smoke: reader-ui (Chromium)", () => {
  it("runs every step and loads every seeded row into the timeline", async () => {
    const medium = 300;
    const large = 900;
    const figures = await benchReaderUi({
      distDir: inject("clientDistDir"),
      rounds: 1,
      largeRounds: 1,
      medium,
      large,
      scrollSeconds: 2,
    });
    expect(figures.scripts.timeline.files.length).toBeGreaterThan(0);
    expect(figures.scripts.login.files.length).toBeGreaterThan(0);
    expect(figures.coldStarts.map((start) => start.seeded)).toEqual([medium, large]);
    for (const start of figures.coldStarts) {
      expect(start.samples).toHaveLength(1);
      expect(start.firstReload.row).toBeGreaterThan(0);
      // Start-up eviction left some of what was seeded (and never more).
      expect(start.entries).toBeGreaterThan(0);
      expect(start.entries).toBeLessThanOrEqual(start.seeded + 3);
    }
    // Every seeded row was loaded into the open timeline and scrolled through.
    expect(figures.scrolls.map((scroll) => scroll.rows)).toEqual([medium + 3, large + 3]);
    // Below a window's size the list holds them all.
    expect(figures.scrolls.map((scroll) => scroll.rowsHeld)).toEqual([medium + 3, large + 3]);
    for (const scroll of figures.scrolls) {
      expect(scroll.scrolling.scrolledPx).toBeGreaterThan(1000);
      expect(scroll.memory.heapUsed).toBeGreaterThan(0);
      expect(isBounded(scroll, figures.top)).toBe(true);
    }
    expect(readerUiTables(figures).length).toBeGreaterThanOrEqual(6);
  }, 300_000);
});
