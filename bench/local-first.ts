import { combineLatest, filter, map, type Observable } from "rxjs";
import { openMemoryDatabase } from "../src/db/node.ts";
import type { LocalDatabase } from "../src/db/types.ts";
import {
  starredCount$,
  subscriptionTree$,
  type TimelineQuery,
  timelineIds$,
  timelineUnreadCount$,
  viewUnreadTotals$,
} from "../src/queries/index.ts";
import { HYDRATE_ENTRIES_PER_SUBSCRIPTION, hydrate } from "../src/runtime/hydrate.ts";
import { createDispatcher, type Dispatch } from "../src/sync/dispatch.ts";
import { TIMELINE_PAGE_SIZE } from "../src/views/timeline/timeline-window.ts";
import { median, percentile, seedLocalEntries } from "./support/local-seed.ts";
import { printTable, ratio, round, type Table } from "./support/table.ts";

/** One frame at 60 Hz: the aim for a single read toggle (issue 4). */
export const FRAME_MS = 16;
/** The aim for mark all read over 10,000 unread entries, locally (issue 4). */
export const MARK_ALL_READ_AIM_MS = 100;

/**
 * What the reading screen watches, through the app's own live queries (src/queries):
 * the unread-only timeline page of view 0 (timelineIds$, one page of 200 rows) and the view
 * tabs' unread badges (viewUnreadTotals$). With `wholeScreen`, also the header's unread count
 * (timelineUnreadCount$), the subscription column (subscriptionTree$) and the starred count.
 */
interface ScreenState {
  ids: string[];
  badge: number;
}

const ALL_ARTICLES: TimelineQuery = { view: 0, feed: { kind: "all" }, unreadOnly: true };

function screen$(db: LocalDatabase, wholeScreen: boolean): Observable<ScreenState> {
  const page$ = timelineIds$(db, ALL_ARTICLES, TIMELINE_PAGE_SIZE);
  const badges$ = viewUnreadTotals$(db);
  const state$ = combineLatest([page$, badges$]).pipe(
    map(([page, totals]) => ({ ids: page.rows.map((row) => row.id), badge: totals[0] ?? 0 })),
  );
  if (!wholeScreen) return state$;
  const rest$ = combineLatest([
    timelineUnreadCount$(db, { ...ALL_ARTICLES, unreadOnly: false }),
    subscriptionTree$(db, 0),
    starredCount$(db, 0),
  ]);
  // The state is shown once every query has answered for the same commit.
  return combineLatest([state$, rest$]).pipe(
    filter(([state, [header]]) => header === state.badge),
    map(([state]) => state),
  );
}

/**
 * Subscribes and hands out "the next emission matching this", stamped when it arrived. Also
 * stamps each commit: its listener joins `changes$` before the live query's, so it runs first,
 * right after COMMIT (the live query's first statement then runs before dispatch resolves).
 */
function watch(db: LocalDatabase, source: Observable<ScreenState>) {
  let committedAt = 0;
  const commits = db.changes$.subscribe((tables) => {
    if (tables.has("entries")) committedAt = performance.now();
  });
  let latest: ScreenState | undefined;
  let waiter: { test: (s: ScreenState) => boolean; done: (at: number) => void } | undefined;
  const subscription = source.subscribe((state) => {
    const at = performance.now();
    latest = state;
    if (waiter?.test(state)) {
      const { done } = waiter;
      waiter = undefined;
      done(at);
    }
  });
  return {
    get latest() {
      return latest;
    },
    /** When the last commit touching entries was announced. */
    get committedAt() {
      return committedAt;
    },
    /** Resolves with the time of the first emission from now on that passes `test`. */
    next(test: (s: ScreenState) => boolean, timeoutMs = 10_000): Promise<number> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no matching emission")), timeoutMs);
        waiter = {
          test,
          done: (at) => {
            clearTimeout(timer);
            resolve(at);
          },
        };
      });
    },
    stop: () => {
      subscription.unsubscribe();
      commits.unsubscribe();
    },
  };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

// 1. Command to query emission latency --------------------------------------------------------

export interface ToggleLatency {
  entries: number;
  feeds: number;
  wholeScreen: boolean;
  toggles: number;
  /** Dispatch call to the emission that shows the change. */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Dispatch call to its commit (changes announced). */
  commitP50Ms: number;
  /** One query re-run on its own (the same queries, called directly). */
  queryP50Ms: number;
  /** Baseline: a bare `SELECT 1` round trip on the same database, interleaved. */
  select1P50Ms: number;
  select1P95Ms: number;
  seedMs: number;
}

/**
 * Opens a local database of `entries` entries over `feeds` subscriptions (all unread), keeps
 * the reading screen's live query subscribed, and toggles the newest entry of the timeline
 * read / unread `toggles` times through dispatch (entries.markRead, entries.markUnread), timing
 * each from the dispatch call to the emission showing it (gone from or back in the page, badge
 * down or up by one). A `SELECT 1` round trip is timed after each toggle as the baseline.
 */
export async function benchToggleLatency(
  entries: number,
  options: { feeds?: number; toggles?: number; warmup?: number; wholeScreen?: boolean } = {},
): Promise<ToggleLatency> {
  const feeds = options.feeds ?? 100;
  const toggles = options.toggles ?? 200;
  const warmup = options.warmup ?? 10;
  const wholeScreen = options.wholeScreen ?? false;
  const db = await openMemoryDatabase();
  try {
    const seed = await seedLocalEntries(db, { feeds, entries });
    const dispatch: Dispatch = createDispatcher({ db });
    const source = screen$(db, wholeScreen);
    const screen = watch(db, source);
    try {
      await screen.next((s) => s.ids.length > 0);
      const first = screen.latest!;
      const target = first.ids[0]!;
      const badge = first.badge;
      const latencies: number[] = [];
      const commits: number[] = [];
      const select1: number[] = [];
      const queries: number[] = [];
      for (let i = 0; i < warmup + toggles; i++) {
        const read = i % 2 === 0;
        const shown = read
          ? (s: ScreenState) => s.badge === badge - 1 && s.ids[0] !== target
          : (s: ScreenState) => s.badge === badge && s.ids[0] === target;
        const emitted = screen.next(shown);
        const started = performance.now();
        const dispatched = read
          ? dispatch("entries.markRead", { entryIds: [target] })
          : dispatch("entries.markUnread", { entryId: target });
        const [at] = await Promise.all([emitted, dispatched]);
        const commitAt = screen.committedAt;
        const bare = await timed(() => db.query("SELECT 1"));
        const query = i % 10 === 0 ? await timed(() => firstValue(screen$(db, wholeScreen))) : -1;
        if (i < warmup) continue;
        latencies.push(at - started);
        commits.push(commitAt - started);
        select1.push(bare);
        if (query >= 0) queries.push(query);
      }
      return {
        entries,
        feeds,
        wholeScreen,
        toggles,
        p50Ms: percentile(latencies, 50),
        p95Ms: percentile(latencies, 95),
        maxMs: Math.max(...latencies),
        commitP50Ms: median(commits),
        queryP50Ms: median(queries),
        select1P50Ms: percentile(select1, 50),
        select1P95Ms: percentile(select1, 95),
        seedMs: seed.ms,
      };
    } finally {
      screen.stop();
    }
  } finally {
    await db.close();
  }
}

function firstValue<T>(source: Observable<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const subscription = source.subscribe({
      next: (value) => {
        resolve(value);
        queueMicrotask(() => subscription.unsubscribe());
      },
      error: reject,
    });
  });
}

export function toggleLatencyTable(figures: readonly ToggleLatency[]): Table {
  return {
    title:
      "Command → query emission: one read toggle (entries.markRead / markUnread), wa-sqlite MemoryVFS, Node",
    headers: [
      "local entries",
      "watched",
      "toggles",
      "p50 ms",
      "p95 ms",
      "max ms",
      "commit p50",
      "query p50",
      "SELECT 1 p50",
      "p95 vs SELECT 1",
      `p95 < ${FRAME_MS} ms`,
    ],
    leftAligned: [1],
    rows: figures.map((f) => [
      f.entries.toLocaleString("en"),
      f.wholeScreen ? "whole reading screen" : "timeline page + badges",
      f.toggles,
      round(f.p50Ms, 2),
      round(f.p95Ms, 2),
      round(f.maxMs, 2),
      round(f.commitP50Ms, 2),
      round(f.queryP50Ms, 2),
      round(f.select1P50Ms, 3),
      ratio(f.p95Ms, f.select1P95Ms),
      f.p95Ms < FRAME_MS ? "yes" : "NO",
    ]),
    notes: [
      `Toggles of the timeline's newest entry after 10 warm-up ones, over ${figures[0]?.feeds ?? 0} subscriptions, every entry unread.`,
      "Measured from the dispatch call to the live query's emission showing the change.",
      "commit: until the transaction (events, outbox, tables) commits; query: the watched queries run once on their own.",
      "In the browser add a worker message per statement batch and per query (~0.3 ms each).",
    ],
  };
}

// 2. Mark all read ----------------------------------------------------------------------------

export interface MarkAllReadFigures {
  unread: number;
  feeds: number;
  rounds: number;
  /** Dispatch call to commit (changes announced). */
  commitMs: number;
  /** Dispatch call to the live query's emission with nothing unread. */
  emittedMs: number;
  /** Baseline: the same UPDATE of entries alone (db.execute), on a database seeded alike. */
  bareUpdateMs: number;
}

/**
 * Marks all read over `unread` unread entries through dispatch (entries.markAllRead, no
 * filter) with the reading screen's live query subscribed, on a fresh database each round;
 * the figure is the median round (after one warm-up). Baseline: the materializer's UPDATE of
 * the entries run bare on a database seeded the same way, in the same round.
 */
export async function benchMarkAllRead(
  unread = 10_000,
  options: { feeds?: number; rounds?: number } = {},
): Promise<MarkAllReadFigures> {
  const feeds = options.feeds ?? 100;
  const rounds = options.rounds ?? 5;
  const commits: number[] = [];
  const emissions: number[] = [];
  const bare: number[] = [];
  for (let r = 0; r <= rounds; r++) {
    const db = await openMemoryDatabase();
    try {
      const seed = await seedLocalEntries(db, { feeds, entries: unread });
      if (seed.unread !== unread) throw new Error(`seeded ${seed.unread} unread, not ${unread}`);
      const dispatch = createDispatcher({ db });
      const screen = watch(db, screen$(db, true));
      try {
        await screen.next((s) => s.badge > 0);
        const emitted = screen.next((s) => s.badge === 0 && s.ids.length === 0);
        const started = performance.now();
        await dispatch("entries.markAllRead", {});
        const at = await emitted;
        const commitAt = screen.committedAt;
        const left = await db.query<{ n: number }>(
          "SELECT COUNT(*) AS n FROM entries WHERE read = 0",
        );
        if (Number(left[0]?.n) !== 0) throw new Error("mark all read left unread entries");
        if (r === 0) continue;
        commits.push(commitAt - started);
        emissions.push(at - started);
      } finally {
        screen.stop();
      }
    } finally {
      await db.close();
    }
    const baseline = await openMemoryDatabase();
    try {
      await seedLocalEntries(baseline, { feeds, entries: unread });
      const ms = await timed(() => baseline.execute("UPDATE entries SET read = 1 WHERE read = 0"));
      if (r > 0) bare.push(ms);
    } finally {
      await baseline.close();
    }
  }
  return {
    unread,
    feeds,
    rounds,
    commitMs: median(commits),
    emittedMs: median(emissions),
    bareUpdateMs: median(bare),
  };
}

export function markAllReadTable(f: MarkAllReadFigures): Table {
  return {
    title: `Mark all read over ${f.unread.toLocaleString("en")} unread entries, locally (wa-sqlite MemoryVFS, Node)`,
    headers: ["step", "ms", "vs bare UPDATE", `< ${MARK_ALL_READ_AIM_MS} ms`],
    rows: [
      [
        "dispatch → commit",
        round(f.commitMs),
        ratio(f.commitMs, f.bareUpdateMs),
        f.commitMs < MARK_ALL_READ_AIM_MS ? "yes" : "NO",
      ],
      [
        "dispatch → unread query re-emits",
        round(f.emittedMs),
        ratio(f.emittedMs, f.bareUpdateMs),
        f.emittedMs < MARK_ALL_READ_AIM_MS ? "yes" : "NO",
      ],
      ["baseline: bare UPDATE entries SET read = 1", round(f.bareUpdateMs), "1.00×", ""],
    ],
    notes: [
      `Median of ${f.rounds} rounds (fresh database each, ${f.feeds} subscriptions), after a warm-up.`,
      "The live query watched is the page + badges + toolbar count one.",
    ],
  };
}

// 4. Hydrate ----------------------------------------------------------------------------------

export interface HydrateFigures {
  subscriptions: number;
  /** Entries stored per subscription (hydrate reads at most 20 of them). */
  stored: number;
  rows: number;
  hydrateMs: number;
  /** Baseline: `SELECT count(*) FROM entries` on the same database. */
  countMs: number;
  /** Context: the same columns of as many rows read plainly (no window, no sort). */
  plainReadMs: number;
}

const HYDRATED_COLUMNS =
  "id, title, url, description, guid, author, author_url, author_avatar, inserted_at, published_at, media, categories, attachments, extra, language, feed_id, inbox_handle, read";

/**
 * hydrate(db) (src/runtime/hydrate.ts, the start-up step the app runs when `dataPersist` is
 * on) on a MemoryVFS database of `subscriptions` subscriptions
 * with `perSubscription` entries each; median of `rounds` after a warm-up, interleaved with
 * the baseline, `SELECT count(*) FROM entries`.
 */
export async function benchHydrate(
  subscriptions = 500,
  perSubscription = HYDRATE_ENTRIES_PER_SUBSCRIPTION,
  rounds = 7,
): Promise<HydrateFigures> {
  const db = await openMemoryDatabase();
  try {
    await seedLocalEntries(db, {
      feeds: subscriptions,
      entries: subscriptions * perSubscription,
      readEvery: 3,
    });
    const hydrated: number[] = [];
    const counts: number[] = [];
    const plain: number[] = [];
    const limit = subscriptions * Math.min(perSubscription, HYDRATE_ENTRIES_PER_SUBSCRIPTION);
    let rows = 0;
    for (let r = 0; r <= rounds; r++) {
      let state: Awaited<ReturnType<typeof hydrate>> | undefined;
      const ms = await timed(async () => {
        state = await hydrate(db);
      });
      const count = await timed(() => db.query("SELECT count(*) FROM entries"));
      const read = await timed(() =>
        db.query(`SELECT ${HYDRATED_COLUMNS} FROM entries LIMIT ?`, [limit]),
      );
      rows = state!.entries.size;
      if (r === 0) continue;
      hydrated.push(ms);
      counts.push(count);
      plain.push(read);
    }
    if (rows !== limit) throw new Error(`hydrate returned ${rows} entries, not ${limit}`);
    return {
      subscriptions,
      stored: perSubscription,
      rows,
      hydrateMs: median(hydrated),
      countMs: median(counts),
      plainReadMs: median(plain),
    };
  } finally {
    await db.close();
  }
}

export function hydrateTable(figures: readonly HydrateFigures[]): Table {
  return {
    title: "Hydrate (src/runtime/hydrate.ts) at start-up, wa-sqlite MemoryVFS, Node",
    headers: [
      "subscriptions",
      "stored per sub",
      "entries read",
      "hydrate ms",
      "count(*) ms",
      "vs count(*)",
      "plain read ms",
      "vs plain read",
    ],
    rows: figures.map((f) => [
      f.subscriptions,
      f.stored,
      f.rows.toLocaleString("en"),
      round(f.hydrateMs),
      round(f.countMs, 2),
      ratio(f.hydrateMs, f.countMs),
      round(f.plainReadMs),
      ratio(f.hydrateMs, f.plainReadMs),
    ]),
    notes: [
      "Queries: subscriptions, unread counts, the newest 20 entries per subscription (its index, LIMIT 20), starred and pending-command entries.",
      "Baseline: SELECT count(*) FROM entries on the same database, interleaved; median round.",
      "plain read: the same 18 columns of as many rows, no join or sort (the cost of moving rows out of wasm).",
    ],
  };
}

// All three -----------------------------------------------------------------------------------

export interface LocalFirstFigures {
  toggles: ToggleLatency[];
  markAllRead: MarkAllReadFigures;
  hydrate: HydrateFigures[];
}

/** Benchmarks 1, 2 and 4 of issue 4 (the replay one is in replay-queue.ts). */
export async function benchLocalFirst(): Promise<LocalFirstFigures> {
  const toggles: ToggleLatency[] = [];
  // 100 toggles at 100,000 entries: a re-run there costs a few hundred ms.
  for (const [entries, count] of [
    [10_000, 200],
    [100_000, 100],
  ] as const) {
    toggles.push(await benchToggleLatency(entries, { toggles: count }));
    toggles.push(await benchToggleLatency(entries, { toggles: count, wholeScreen: true }));
  }
  const markAllRead = await benchMarkAllRead(10_000);
  const hydrated = [await benchHydrate(500, 20), await benchHydrate(500, 100)];
  return { toggles, markAllRead, hydrate: hydrated };
}

export function localFirstTables(figures: LocalFirstFigures): Table[] {
  return [
    toggleLatencyTable(figures.toggles),
    markAllReadTable(figures.markAllRead),
    hydrateTable(figures.hydrate),
  ];
}

if (import.meta.main) {
  for (const table of localFirstTables(await benchLocalFirst())) printTable(table);
}
