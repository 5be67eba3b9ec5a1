import { describe, expect, it } from "vitest";
import { benchMemoryScale, memoryScaleTable } from "../../bench/memory-scale.ts";

// `npm run bench -- rss-scale` at a small size: the server built and started as npm start runs
// it refreshes its feeds, restarts and writes its first daily report, on both databases, so the
// benchmark cannot silently stop completing.
describe("benchmark smoke: rss-scale", () => {
  it("refreshes every feed, restarts through a daily report and reports RSS at each moment", async () => {
    const feedCounts = [5, 10];
    const figures = await benchMemoryScale({
      feedCounts,
      itemsPerFeed: 3,
      idleWaitMs: 500,
      settledWaitMs: 1_000,
    });
    expect(figures.map((f) => [f.dialect, f.feeds])).toEqual([
      ["sqlite", 5],
      ["sqlite", 10],
      ["postgres", 5],
      ["postgres", 10],
    ]);
    for (const f of figures) {
      expect(f.failed).toBe(0);
      expect(f.entries).toBe(f.feeds * 3);
      for (const mb of [
        f.startMb,
        f.peakMb,
        f.peakAnonMb,
        f.peakFileMb,
        f.settledMb,
        f.afterDailyMb,
      ])
        expect(mb).toBeGreaterThan(0);
      expect(f.peakMb).toBeGreaterThanOrEqual(Math.max(f.peakAnonMb, f.peakFileMb));
    }
    expect(memoryScaleTable(figures).rows).toHaveLength(4);
  }, 240_000);
});
