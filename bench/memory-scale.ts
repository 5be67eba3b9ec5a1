import { benchMemory, type MemoryFigures } from "./memory.ts";
import type { Table } from "./support/table.ts";

/** Feed counts the scale bench refreshes (BENCH_MEMORY_SCALE_FEEDS=120,1000 picks others). */
export const SCALE_FEEDS = [120, 1000, 5000];

/**
 * The server's memory as the number of feeds grows: a first refresh of 120, 1,000 and 5,000 new
 * feeds (25 items each) by the server's own scheduler, on SQLite and on PostgreSQL, each in a
 * fresh server started as npm start runs it. Idle waits are shorter than the memory bench's so
 * that six runs stay affordable on a small machine.
 */
export async function benchMemoryScale(
  options: {
    dialects?: Array<"sqlite" | "postgres">;
    feedCounts?: number[];
    itemsPerFeed?: number;
    /** Idle waits (the smoke test shortens them). */
    idleWaitMs?: number;
    settledWaitMs?: number;
  } = {},
): Promise<MemoryFigures[]> {
  const figures: MemoryFigures[] = [];
  for (const dialect of options.dialects ?? ["sqlite", "postgres"]) {
    for (const feeds of options.feedCounts ?? scaleFeedsFromEnv()) {
      figures.push(
        await benchMemory({
          dialect,
          feeds,
          ...(options.itemsPerFeed ? { itemsPerFeed: options.itemsPerFeed } : {}),
          idleWaitMs: options.idleWaitMs ?? 5_000,
          settledWaitMs: options.settledWaitMs ?? 15_000,
        }),
      );
    }
  }
  return figures;
}

function scaleFeedsFromEnv(): number[] {
  const listed = process.env.BENCH_MEMORY_SCALE_FEEDS;
  if (!listed) return SCALE_FEEDS;
  return listed.split(",").map((n) => Number(n.trim()));
}

const met = (ok: boolean) => (ok ? "met" : "missed");

export function memoryScaleTable(figures: MemoryFigures[]): Table {
  const smallest = new Map<string, number>();
  for (const f of figures) {
    const known = smallest.get(f.dialect);
    const base = figures.find((g) => g.dialect === f.dialect && g.feeds === known);
    if (known === undefined || f.feeds < known || !base) smallest.set(f.dialect, f.feeds);
  }
  const rows = figures.map((f) => {
    const base = figures.find(
      (g) => g.dialect === f.dialect && g.feeds === smallest.get(f.dialect),
    )!;
    const ratio = f.peakMb / base.peakMb;
    const peakAim = f.feeds >= 5000 ? 200 : f.feeds >= 1000 ? 160 : Number.POSITIVE_INFINITY;
    const aims = [
      f.feeds > base.feeds ? `×${ratio.toFixed(2)} ${met(ratio <= 1.3)}` : "",
      Number.isFinite(peakAim) ? `peak ${met(f.peakMb < peakAim)}` : "",
      `idle ${met(f.settledMb < 100 && f.afterDailyMb < 100)}`,
      `start ${met(f.startMb < 80)}`,
    ].filter(Boolean);
    return [
      `${f.dialect} ${f.feeds}`,
      f.startMb,
      f.peakMb,
      `${f.peakAnonMb} / ${f.peakFileMb}`,
      f.settledMb,
      f.dailyPeakMb,
      f.afterDailyMb,
      (f.refreshMs / 1000).toFixed(1),
      aims.join(", "),
    ];
  });
  return {
    title:
      "Server memory by number of feeds (RSS, MB): a first refresh, then a restart and its daily-report check",
    headers: [
      "database, feeds",
      "start",
      "peak",
      "peak anon / file",
      "idle",
      "daily peak",
      "after daily",
      "refresh s",
      "aims",
    ],
    rows,
    leftAligned: [8],
    notes: [
      "Peak: RSS sampled every 50 ms during the refresh; anon / file: the highest RssAnon and RssFile sampled.",
      "Idle: 15 s after the last feed was stored. Daily: a restart on the same data, whose first daily-report check reads the new entries; after daily is 5 s after its report is written.",
      "Aims: peak within ×1.3 of the smallest run of the same database; peak < 160 MB at 1,000 feeds and < 200 MB at 5,000; idle and after daily < 100 MB; start < 80 MB.",
    ],
  };
}
