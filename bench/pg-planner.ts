import { sql } from "kysely";
import { PREPARED_MARK } from "../server/db/prepared-pool.ts";
import { listEntries } from "../server/storage/entry-queries.ts";
import { openBenchDatabase } from "./support/database.ts";
import { median } from "./support/local-seed.ts";
import { seedTimeline } from "./support/seed-timeline.ts";
import type { Table } from "./support/table.ts";

export interface PlannerState {
  state: string;
  planningMs: number;
  executionMs: number;
  /** The plan's first lines past the Limit: how the newest entries are found. */
  plan: string;
}

export interface PlannerFigures {
  database: string;
  entries: number;
  analyzeMs: number;
  states: PlannerState[];
}

const USER_ID = "bench-user";
const TABLES = ["feed", "entry", "subscription", "unread", "collection"];

/**
 * What PostgreSQL's planner makes of the timeline query ({view: 0, limit: 20}) on a fresh
 * database right after a bulk ingest: with no statistics, after ANALYZE (what the server's
 * statistics keeper runs), and as the named statement the server sends (its generic plan, kept
 * after five executions: no planning at all). EXPLAIN (ANALYZE) times, median of 5.
 */
export async function benchPgPlanner(entries = 50_000): Promise<PlannerFigures> {
  const bench = await openBenchDatabase("postgres");
  try {
    const { db } = bench.handle;
    // Autovacuum may analyze during a long seed; the state measured is the one before it does.
    for (const table of TABLES) {
      await sql`alter table ${sql.table(table)} set (autovacuum_enabled = false)`.execute(db);
    }
    await seedTimeline(bench.handle, { userId: USER_ID, feeds: 200, entries });
    let captured: { sql: string; parameters: readonly unknown[] } | undefined;
    const executor = db.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    const spy = executor as { executeQuery: typeof execute };
    spy.executeQuery = (query, ...rest) => {
      captured ??= { sql: query.sql, parameters: query.parameters };
      return execute(query, ...rest);
    };
    try {
      await listEntries(bench.handle, USER_ID, { view: 0, limit: 20 });
    } finally {
      spy.executeQuery = execute;
    }
    const text = captured!.sql;
    if (!text.startsWith(PREPARED_MARK)) throw new Error("the timeline is not a prepared query");
    const literals = captured!.parameters
      .map((p) => (typeof p === "number" ? String(p) : `'${String(p).replace(/'/g, "''")}'`))
      .join(", ");

    return await db.connection().execute(async (connection) => {
      const run = async (statement: string) =>
        (await sql.raw(statement).execute(connection)).rows as Array<Record<string, string>>;
      const explain = async (statement: string, times = 5) => {
        const samples: Array<{ planning: number; execution: number; plan: string[] }> = [];
        for (let i = 0; i < times; i++) {
          const lines = (await run(`explain (analyze) ${statement}`)).map((r) => r["QUERY PLAN"]!);
          const ms = (label: string) =>
            Number(/([\d.]+) ms/.exec(lines.find((l) => l.startsWith(label)) ?? "")?.[1] ?? NaN);
          samples.push({
            planning: ms("Planning Time"),
            execution: ms("Execution Time"),
            plan: lines,
          });
        }
        return samples;
      };
      const summarize = (state: string, samples: Awaited<ReturnType<typeof explain>>) => ({
        state,
        planningMs: median(samples.map((s) => s.planning)),
        executionMs: median(samples.map((s) => s.execution)),
        plan: samples
          .at(-1)!
          .plan.filter((line) =>
            /^\s*(->\s*)?(Sort(?! Key| Method)|Index Scan|Seq Scan|Bitmap Heap Scan|Index Only Scan)\b/.test(
              line,
            ),
          )
          .slice(0, 2)
          .map((line) =>
            line
              .trim()
              .replace(/^->\s*/, "")
              .replace(/\s+\(cost.*$/, ""),
          )
          .join(", then "),
      });
      const bound = () =>
        text.replace(/\$(\d+)/g, (_, n: string) => literals.split(", ")[Number(n) - 1]!);
      const states: PlannerState[] = [];
      states.push(summarize("no statistics (fresh database)", await explain(bound())));
      const started = performance.now();
      await run("analyze");
      const analyzeMs = performance.now() - started;
      states.push(summarize("after ANALYZE, planned per request", await explain(bound())));
      await run(`prepare timeline as ${text}`);
      const prepared = await explain(`execute timeline(${literals})`, 8);
      states.push(summarize("after ANALYZE, prepared (generic plan)", prepared.slice(5)));
      return { database: bench.label, entries, analyzeMs, states };
    });
  } finally {
    await bench.drop();
  }
}

export function pgPlannerTable(f: PlannerFigures): Table {
  return {
    title: `PostgreSQL planner, timeline {view: 0, limit: 20} on a fresh database after a bulk ingest of ${f.entries} entries (${f.database})`,
    headers: ["state", "planning ms", "execution ms", "plan"],
    leftAligned: [3],
    rows: f.states.map((s) => [s.state, s.planningMs, s.executionMs, s.plan]),
    notes: [
      "Autovacuum is off on the reading tables while seeding, as in the time before it gets to a fresh database.",
      `ANALYZE of the whole database took ${Math.round(f.analyzeMs)} ms; the server's statistics keeper runs it per changed table.`,
      "EXPLAIN (ANALYZE) Planning / Execution Time, median of 5 (prepared: executions 6-8, after PostgreSQL chose its generic plan).",
    ],
  };
}
