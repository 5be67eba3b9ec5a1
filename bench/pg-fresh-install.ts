import { sql } from "kysely";
import { analyzeChangedTables } from "../server/db/statistics.ts";
import { createLogger } from "../server/logger.ts";
import { listEntries } from "../server/storage/entry-queries.ts";
import { openBenchDatabase } from "./support/database.ts";
import { median } from "./support/local-seed.ts";
import { seedTimeline } from "./support/seed-timeline.ts";
import type { Table } from "./support/table.ts";

export interface FreshInstallState {
  state: string;
  analyzed: string;
  executionMs: number;
  plan: string;
}

export interface FreshInstallFigures {
  database: string;
  feeds: number;
  entries: number;
  states: FreshInstallState[];
}

const USER_ID = "bench-user";
const TABLES = ["feed", "entry", "subscription", "unread", "collection"];

/**
 * The timeline ({view: 0, limit: 20}) of a fresh PostgreSQL install with a few subscribed feeds
 * and some thousand entries: with statistics only for the tables past autovacuum's rule (50 +
 * 10% changed rows: the statistics keeper's old threshold, which `subscription` never reached),
 * and after the keeper's check as it is now (a table never analyzed is analyzed at its first
 * change). EXPLAIN (ANALYZE) execution time, median of 5.
 */
export async function benchPgFreshInstall(
  feeds = 3,
  entries = 5_000,
): Promise<FreshInstallFigures> {
  const bench = await openBenchDatabase("postgres");
  try {
    const { db } = bench.handle;
    for (const table of TABLES) {
      await sql`alter table ${sql.table(table)} set (autovacuum_enabled = false)`.execute(db);
    }
    await seedTimeline(bench.handle, { userId: USER_ID, feeds, entries });
    // The change counters reach pg_stat_user_tables when the writing backend reports them.
    for (let waited = 0; waited < 30_000; waited += 200) {
      const { rows } = await sql<{ changed: string }>`
        select coalesce(sum(n_mod_since_analyze), 0) as changed from pg_stat_user_tables
        where schemaname = current_schema() and relname in ('entry', 'subscription')`.execute(db);
      if (Number(rows[0]?.changed ?? 0) >= entries + feeds) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

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
    const explain = async (state: string, analyzed: string[]): Promise<FreshInstallState> => {
      const samples: number[] = [];
      let lines: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { rows } = await db.executeQuery<{ "QUERY PLAN": string }>({
          ...sql``.compile(db),
          sql: `explain (analyze) ${captured!.sql}`,
          parameters: captured!.parameters,
        });
        lines = rows.map((row) => row["QUERY PLAN"]);
        samples.push(
          Number(/([\d.]+) ms/.exec(lines.find((l) => l.startsWith("Execution Time")) ?? "")?.[1]),
        );
      }
      const drives = lines
        .filter((line) => /^\s*(->\s*)?(Sort(?! Key| Method)|Index Scan|Seq Scan)\b/.test(line))
        .slice(0, 2)
        .map((line) =>
          line
            .trim()
            .replace(/^->\s*/, "")
            .replace(/\s+\(cost.*$/, ""),
        )
        .join(", then ");
      return {
        state,
        analyzed: analyzed.length > 0 ? analyzed.sort().join(", ") : "none",
        executionMs: median(samples),
        plan: drives,
      };
    };

    const states: FreshInstallState[] = [];
    const { rows } = await sql<{ relname: string }>`
      select relname from pg_stat_user_tables
      where schemaname = current_schema() and n_mod_since_analyze > 50 + 0.1 * n_live_tup`.execute(
      db,
    );
    const pastOldRule = rows.map((row) => row.relname).filter((name) => TABLES.includes(name));
    for (const table of pastOldRule) await sql`analyze ${sql.table(table)}`.execute(db);
    states.push(
      await explain("tables past 50 + 10% changed rows analyzed (old rule)", pastOldRule),
    );
    const analyzed = await analyzeChangedTables(bench.handle, createLogger({ logLevel: "silent" }));
    states.push(
      await explain(
        "after the statistics keeper's check (never-analyzed tables at their first change)",
        analyzed.filter((name) => TABLES.includes(name)),
      ),
    );
    return { database: bench.label, feeds, entries, states };
  } finally {
    await bench.drop();
  }
}

export function pgFreshInstallTable(f: FreshInstallFigures): Table {
  return {
    title: `PostgreSQL planner on a fresh install: timeline {view: 0, limit: 20} with ${f.feeds} subscribed feeds and ${f.entries} entries (${f.database})`,
    headers: ["state", "analyzed in this step", "execution ms", "plan"],
    leftAligned: [0, 1, 3],
    rows: f.states.map((s) => [s.state, s.analyzed, s.executionMs, s.plan]),
    notes: [
      "Autovacuum is off on the reading tables, as in the time before it gets to a fresh database.",
      "An unanalyzed subscription table is costed as one matching row: the timeline then sorts every subscribed entry.",
      "EXPLAIN (ANALYZE) Execution Time, median of 5.",
    ],
  };
}
