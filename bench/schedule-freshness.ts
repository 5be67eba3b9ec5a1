import { DEFAULT_BOUNDS, nextCheckDelay, RHYTHM_HISTORY } from "../server/jobs/schedule.ts";
import { ratio, round, type Table } from "./support/table.ts";

/**
 * Freshness against cost of the feed schedule (server/jobs/schedule.ts) over one simulated day,
 * time compressed: the schedule model runs on a simulated clock, each feed's "server" answers a
 * conditional GET from its publication times (304 when nothing appeared since the last check),
 * and an entry counts as stored at the check that first sees it. The same publications are
 * checked by the adaptive schedule and by a fixed 1-hour interval in the same run.
 *
 * What it leaves out: HTTP, parsing and the database (measured by refresh-round and
 * ingest-store); the per-host limits (every feed on its own host here).
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HISTORY_DAYS = 70;
/** Entries the schedule reads, as refresh-feed does. */
const HISTORY_ENTRIES = RHYTHM_HISTORY;

export type Rhythm = "hourly" | "several a day" | "daily" | "weekly";

export interface ScheduleFeed {
  rhythm: Rhythm;
  /** Publication times, ascending, from the history's start to the day's end. */
  published: number[];
}

export interface ScheduleFigures {
  feeds: number;
  strategies: Array<{
    name: string;
    byRhythm: Map<
      Rhythm | "all",
      { delays: number[]; fetches: number; notModified: number; feeds: number }
    >;
  }>;
}

/** A small deterministic generator, so runs compare. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function makeFeeds(count: number, start: number, end: number): ScheduleFeed[] {
  const r = random(28);
  const gauss = () => Math.sqrt(-2 * Math.log(r() || 1e-9)) * Math.cos(2 * Math.PI * r());
  const feeds: ScheduleFeed[] = [];
  for (let i = 0; i < count; i++) {
    const pick = r();
    const published: number[] = [];
    let rhythm: Rhythm;
    if (pick < 0.15) {
      rhythm = "hourly";
      for (let t = start; t < end; t += -Math.log(r() || 1e-9) * HOUR) published.push(t);
    } else if (pick < 0.35) {
      // About four a day, in working hours (08:00-20:00 UTC), at random times.
      rhythm = "several a day";
      for (let day = start; day < end; day += DAY) {
        for (let k = 0; k < 4; k++) published.push(day + 8 * HOUR + r() * 12 * HOUR);
      }
    } else if (pick < 0.75) {
      // Once a day at the feed's own hour, give or take 20 minutes.
      rhythm = "daily";
      const hour = Math.floor(r() * 24) * HOUR + r() * HOUR;
      for (let day = start; day < end; day += DAY)
        published.push(day + hour + gauss() * 20 * 60_000);
    } else {
      rhythm = "weekly";
      const offset = r() * 7 * DAY;
      for (let t = start + offset; t < end; t += 7 * DAY + gauss() * HOUR) published.push(t);
    }
    published.sort((a, b) => a - b);
    feeds.push({ rhythm, published: published.filter((t) => t >= start && t < end) });
  }
  return feeds;
}

/** A binary min-heap of (time, feed index). */
export class Queue {
  private readonly items: Array<[number, number]> = [];
  get size() {
    return this.items.length;
  }
  push(item: [number, number]) {
    const a = this.items;
    a.push(item);
    for (let i = a.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (a[parent]![0] <= a[i]![0]) break;
      [a[parent], a[i]] = [a[i]!, a[parent]!];
      i = parent;
    }
  }
  pop(): [number, number] {
    const a = this.items;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const rr = l + 1;
        let m = i;
        if (l < a.length && a[l]![0] < a[m]![0]) m = l;
        if (rr < a.length && a[rr]![0] < a[m]![0]) m = rr;
        if (m === i) break;
        [a[m], a[i]] = [a[i]!, a[m]!];
        i = m;
      }
    }
    return top;
  }
}

function simulate(
  feeds: ScheduleFeed[],
  dayStart: number,
  next: (feed: ScheduleFeed, known: number[], now: number) => number,
  first: (feed: ScheduleFeed, known: number[], index: number) => number,
) {
  const byRhythm: ScheduleFigures["strategies"][number]["byRhythm"] = new Map();
  const bucket = (key: Rhythm | "all") => {
    let b = byRhythm.get(key);
    if (!b) {
      b = { delays: [], fetches: 0, notModified: 0, feeds: 0 };
      byRhythm.set(key, b);
    }
    return b;
  };
  const dayEnd = dayStart + DAY;
  const seen = feeds.map((feed) => feed.published.findIndex((t) => t >= dayStart));
  const queue = new Queue();
  feeds.forEach((feed, i) => {
    bucket(feed.rhythm).feeds++;
    bucket("all").feeds++;
    const known = feed.published.slice(Math.max(0, seen[i]! - HISTORY_ENTRIES), seen[i]!);
    queue.push([dayStart + first(feed, known, i), i]);
  });
  while (queue.size > 0) {
    const [now, i] = queue.pop();
    if (now >= dayEnd) continue;
    const feed = feeds[i]!;
    let cursor = seen[i]! < 0 ? feed.published.length : seen[i]!;
    const fresh: number[] = [];
    while (cursor < feed.published.length && feed.published[cursor]! <= now)
      fresh.push(feed.published[cursor++]!);
    seen[i] = cursor;
    for (const b of [bucket(feed.rhythm), bucket("all")]) {
      b.fetches++;
      if (fresh.length === 0) b.notModified++;
      for (const t of fresh) b.delays.push(now - t);
    }
    const known = feed.published.slice(Math.max(0, cursor - HISTORY_ENTRIES), cursor);
    queue.push([now + next(feed, known, now), i]);
  }
  // Entries published during the day but never fetched by its end count as late as the end.
  feeds.forEach((feed, i) => {
    for (let c = seen[i]!; c >= 0 && c < feed.published.length; c++) {
      const t = feed.published[c]!;
      if (t >= dayEnd) break;
      for (const b of [bucket(feed.rhythm), bucket("all")]) b.delays.push(dayEnd - t);
    }
  });
  return byRhythm;
}

export async function benchScheduleFreshness(
  count = Number(process.env.BENCH_SCHEDULE_FEEDS ?? 5_000),
): Promise<ScheduleFigures> {
  const dayStart = Date.UTC(2026, 0, 15);
  const feeds = makeFeeds(count, dayStart - HISTORY_DAYS * DAY, dayStart + DAY);
  const phase = random(7);
  const adaptive = simulate(
    feeds,
    dayStart,
    (_feed, known, now) =>
      nextCheckDelay(known, now, { cacheMs: null, feedMs: null }, DEFAULT_BOUNDS),
    // Each feed was last checked at some point of its current interval.
    (_feed, known) => phase() * nextCheckDelay(known, dayStart, { cacheMs: null, feedMs: null }),
  );
  const fixed = simulate(
    feeds,
    dayStart,
    () => HOUR,
    () => phase() * HOUR,
  );
  return {
    feeds: count,
    strategies: [
      { name: "adaptive", byRhythm: adaptive },
      { name: "fixed 1 h", byRhythm: fixed },
    ],
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function scheduleTable(figures: ScheduleFigures): Table {
  const rows: Table["rows"] = [];
  const fixed = figures.strategies.find((s) => s.name === "fixed 1 h")!;
  const minutes = (ms: number) => `${round(ms / 60_000, 1)} min`;
  for (const rhythm of ["daily", "several a day", "hourly", "weekly", "all"] as const) {
    for (const strategy of figures.strategies) {
      const b = strategy.byRhythm.get(rhythm);
      const base = fixed.byRhythm.get(rhythm);
      if (!b || !base) continue;
      rows.push([
        `${rhythm} (${b.feeds} feeds), ${strategy.name}`,
        minutes(percentile(b.delays, 50)),
        minutes(percentile(b.delays, 95)),
        round(b.fetches / b.feeds, 1),
        ratio(b.fetches, base.fetches),
        `${round((100 * b.notModified) / Math.max(b.fetches, 1), 0)} %`,
      ]);
    }
  }
  const daily = figures.strategies[0]!.byRhythm.get("daily");
  const all = figures.strategies[0]!.byRhythm.get("all");
  const dailyMedian = daily ? percentile(daily.delays, 50) : Number.NaN;
  return {
    title: `Feed schedule over one simulated day: ${figures.feeds} feeds, adaptive vs fixed 1 h`,
    headers: [
      "rhythm, schedule",
      "median delay",
      "p95 delay",
      "fetches/feed/day",
      "vs fixed",
      "304 share",
    ],
    rows,
    notes: [
      "delay: publication to the check that stores it (entries not fetched by the day's end count to the end)",
      `aim: daily feeds' median under 5 min (${minutes(dailyMedian)}: ${dailyMedian < 5 * 60_000 ? "met" : "missed"}); fewer fetches than fixed (${all ? ratio(all.fetches, fixed.byRhythm.get("all")!.fetches) : "n/a"})`,
      `bounds ${DEFAULT_BOUNDS.minMs / 60_000} min .. ${DEFAULT_BOUNDS.maxMs / HOUR} h; ${HISTORY_DAYS} days of history before the day; BENCH_SCHEDULE_FEEDS sets the count`,
      "simulated: the schedule model on a simulated clock with conditional-GET answers; no HTTP, parsing or database",
    ],
  };
}
