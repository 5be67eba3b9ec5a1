import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { ActionRule } from "../contract/actions.ts";
import { MAX_ACTION_RULES, MAX_RULE_TESTS } from "../contract/actions.ts";
import { MATCH_TEXT_LIMIT, regexProblem } from "../contract/actions-match.ts";
import type { DatabaseHandle } from "../server/db/connect.ts";
import type { NormalizedEntry } from "../server/feed-model.ts";
import { storeEntries } from "../server/storage/entries.ts";
import { nextEntityId } from "../server/storage/ids.ts";
import { unfetchedFeedRow } from "../tests/support/feed-rows.ts";
import { type BenchDialect, openBenchDatabase } from "./support/database.ts";
import { ratio, round, type Table } from "./support/table.ts";

/**
 * Whether hostile action rules can hold up the server: feeds whose titles and content are made
 * to trigger backtracking are stored while every subscriber has the largest rule set allowed (50
 * rules × 30 regex tests) of patterns that backtrack exponentially in JavaScript's engine or cost
 * RE2 the most per character. Meanwhile an HTTP server in the same process is asked every 5 ms;
 * the figures are the event loop's longest wait (perf_hooks monitorEventLoopDelay) and the
 * slowest answer. Baseline, same run and database: the same storing with plain `contains` rules.
 */
export interface RuleSafetyFigures {
  database: string;
  pairs: number;
  baseline: LoopFigures;
  hostile: LoopFigures;
  /** One `^(a|a)*$` test by JavaScript's RegExp on a short title, as matching ran before. */
  backtrackingMs: number;
  backtrackingLength: number;
}

interface LoopFigures {
  maxDelayMs: number;
  /** CPU time the process spent within its longest stretch between two 1 ms timer ticks. */
  longestCpuMs: number;
  p99DelayMs: number;
  slowestAnswerMs: number;
  answers: number;
  storeMs: number;
}

const NOW = new Date().toISOString();
const FEEDS = 4;
const ENTRIES_PER_FEED = 10;
const USERS = 5;
/** Exponential for a backtracking engine, and the costliest per character for RE2. */
const HOSTILE_PATTERNS = [
  "^(a|a)*$",
  "^(a|aa)*$",
  "(\\w|\\d)*$",
  "(.|\\s)*x",
  ".*.*.*.*.*.*x",
  ".{70}.{70}.{70}.{70}x",
];

function rulesOf(kind: "hostile" | "plain"): ActionRule[] {
  return Array.from({ length: MAX_ACTION_RULES }, (_, i) => ({
    name: `${kind} ${i}`,
    // Any-of groups of one test each: every test runs (none short-circuits the rest).
    condition: Array.from({ length: MAX_RULE_TESTS }, (_, j) => [
      kind === "hostile"
        ? {
            field: j % 2 === 0 ? ("entry_content" as const) : ("entry_title" as const),
            operator: "regex" as const,
            value: HOSTILE_PATTERNS[(i + j) % HOSTILE_PATTERNS.length]!,
          }
        : {
            field: "entry_content" as const,
            operator: "contains" as const,
            value: `needle ${i} ${j}`,
          },
    ]),
    result: { star: true },
  }));
}

function hostileEntries(feed: number, round: string): NormalizedEntry[] {
  return Array.from({ length: ENTRIES_PER_FEED }, (_, i) => ({
    guid: `${round}-${feed}-${i}`,
    title: `${"a".repeat(200 + i)}!`,
    url: `https://hostile.example/${round}/${feed}/${i}`,
    content: `<p>${"a".repeat(MATCH_TEXT_LIMIT)}!</p>`,
    description: null,
    author: null,
    authorUrl: null,
    authorAvatar: null,
    publishedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    categories: [],
    media: [],
    attachments: [],
    language: null,
  }));
}

async function seed(database: DatabaseHandle, prefix: string, rules: ActionRule[]) {
  const feedIds = Array.from({ length: FEEDS }, () => nextEntityId());
  for (const [i, id] of feedIds.entries()) {
    await database.db
      .insertInto("feed")
      .values(unfetchedFeedRow(id, `https://hostile.example/${prefix}/${i}.xml`, NOW))
      .execute();
  }
  for (let u = 0; u < USERS; u++) {
    const userId = `${prefix}-user-${u}`;
    await database.db
      .insertInto("action_rule")
      .values({ user_id: userId, rules: JSON.stringify(rules), updated_at: NOW })
      .execute();
    for (const feedId of feedIds) {
      await database.db
        .insertInto("subscription")
        .values({
          user_id: userId,
          feed_id: feedId,
          view: 0,
          is_private: 0,
          title: null,
          category: null,
          created_at: NOW,
        })
        .execute();
    }
  }
  return feedIds;
}

/**
 * A tiny HTTP server in this process, asked every 5 ms while `work` runs; a 1 ms timer also
 * notes, for each wait between its ticks, the CPU time the process spent in it: on a busy shared
 * machine a wait is mostly time without a CPU, and the CPU figure is the work that blocked.
 */
async function underLoad(work: () => Promise<void>): Promise<LoopFigures> {
  const server = createServer((_req, res) => res.end("ok"));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  const ask = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      request({ host: "127.0.0.1", port, path: "/ping", agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(performance.now() - started));
      })
        .on("error", reject)
        .end();
    });
  let running = true;
  let slowest = 0;
  let answers = 0;
  const asking = (async () => {
    while (running) {
      slowest = Math.max(slowest, await ask());
      answers += 1;
      await new Promise((done) => setTimeout(done, 5));
    }
  })();
  let lastCpu = process.cpuUsage();
  let longestCpuMs = 0;
  const ticks = setInterval(() => {
    const cpu = process.cpuUsage(lastCpu);
    lastCpu = process.cpuUsage();
    longestCpuMs = Math.max(longestCpuMs, (cpu.user + cpu.system) / 1000);
  }, 1);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  await work();
  const storeMs = performance.now() - started;
  loop.disable();
  clearInterval(ticks);
  running = false;
  await asking;
  await new Promise((done) => server.close(done));
  return {
    maxDelayMs: loop.max / 1e6,
    p99DelayMs: loop.percentile(99) / 1e6,
    longestCpuMs,
    slowestAnswerMs: slowest,
    answers,
    storeMs,
  };
}

/** The run with the median longest wait, of several. */
function median(runs: LoopFigures[]): LoopFigures {
  return [...runs].sort((a, b) => a.maxDelayMs - b.maxDelayMs)[Math.floor(runs.length / 2)]!;
}

export async function benchRuleSafety(dialect: BenchDialect): Promise<RuleSafetyFigures> {
  for (const pattern of HOSTILE_PATTERNS) {
    const problem = regexProblem(pattern);
    if (problem) throw new Error(`${pattern}: ${problem}`);
  }
  const bench = await openBenchDatabase(dialect);
  try {
    const database = bench.handle;
    const warmFeeds = await seed(database, "warm", rulesOf("plain"));
    const plainFeeds = await seed(database, "plain", rulesOf("plain"));
    const hostileFeeds = await seed(database, "hostile", rulesOf("hostile"));
    const ROUNDS = 3;
    const store = (feeds: string[], round: string) => async () => {
      for (const [i, feedId] of feeds.entries()) {
        const result = await storeEntries(database, feedId, hostileEntries(i, round));
        if (result.inserted !== ENTRIES_PER_FEED) throw new Error(`stored ${result.inserted}`);
      }
    };
    // Unmeasured: the first store prepares statements and warms the JIT.
    await store(warmFeeds, "warm")();
    // Alternating rounds (new guids each time), the median of each kept: the machine is shared.
    const baselines: LoopFigures[] = [];
    const hostiles: LoopFigures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      baselines.push(await underLoad(store(plainFeeds, `plain-${round}`)));
      hostiles.push(await underLoad(store(hostileFeeds, `hostile-${round}`)));
    }
    const baseline = median(baselines);
    const hostile = median(hostiles);
    // What one test cost on the backtracking engine (doubling with each character).
    const backtrackingLength = 22;
    const started = performance.now();
    /^(a|a)*$/iu.test(`${"a".repeat(backtrackingLength)}!`);
    const backtrackingMs = performance.now() - started;
    return {
      database: bench.label,
      pairs: FEEDS * ENTRIES_PER_FEED * USERS,
      baseline,
      hostile,
      backtrackingMs,
      backtrackingLength,
    };
  } finally {
    await bench.drop();
  }
}

export function ruleSafetyTable(figures: RuleSafetyFigures[]): Table {
  const first = figures[0];
  const row = (database: string, label: string, f: LoopFigures, base: LoopFigures) => [
    database,
    label,
    round(f.maxDelayMs),
    `${ratio(f.maxDelayMs, base.maxDelayMs)}`,
    round(f.p99DelayMs),
    round(f.longestCpuMs),
    round(f.slowestAnswerMs),
    f.answers,
    round(f.storeMs / 1000, 2),
  ];
  return {
    title: `Rule safety: event loop while hostile rules run at ingest (${first?.pairs ?? 0} entry × subscriber pairs, 50 rules × 30 regex tests each)`,
    headers: [
      "database",
      "rules",
      "longest loop wait (ms)",
      "× plain",
      "p99 wait (ms)",
      "CPU in longest wait (ms)",
      "slowest HTTP answer (ms)",
      "answers",
      "storing (s)",
    ],
    leftAligned: [1],
    rows: figures.flatMap((f) => [
      row(f.database, "plain contains (baseline)", f.baseline, f.baseline),
      row(f.database, "hostile regexes", f.hostile, f.baseline),
    ]),
    notes: [
      "Median of 3 alternating rounds. CPU in longest wait: the process's CPU time within its longest gap between 1 ms timer ticks (the work that blocked, without time spent waiting for a CPU).",
      "Aim: the longest wait stays under 100 ms. Titles are 200+ 'a's then '!', content 20,000 (all a test reads).",
      `Before RE2, one ^(a|a)*$ test by JavaScript's RegExp on a ${first?.backtrackingLength ?? 0}-character title took ${round(first?.backtrackingMs ?? 0)} ms, doubling per character (52 s at 32).`,
      "Patterns: ^(a|a)*$, ^(a|aa)*$, (\\w|\\d)*$, (.|\\s)*x, .*.*.*.*.*.*x, .{70}.{70}.{70}.{70}x.",
    ],
  };
}
