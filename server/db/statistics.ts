import { sql } from "kysely";
import type { Logger } from "../logger.ts";
import type { DatabaseHandle } from "./connect.ts";

export interface StatisticsKeeper {
  /** Analyzes now every table that changed enough since its last ANALYZE; returns their names. */
  check(): Promise<string[]>;
  /** Stops the timer, waits for a check in progress and closes the keeper's connection. */
  stop(): Promise<void>;
}

/**
 * Rows changed since the last ANALYZE before a table is analyzed again: 5 + 10% of its rows.
 * Autovacuum's 50 + 10% is never reached by a small table (a few subscriptions), and a table
 * with no statistics is costed by PostgreSQL as holding about one matching row: the timeline
 * then drives from `subscription` and sorts every subscribed entry (100 ms instead of 0.2 ms).
 * ANALYZE of a small table costs about a millisecond.
 */
const BASE_THRESHOLD = 5;
const SCALE_FACTOR = 0.1;

/**
 * Keeps PostgreSQL's planner statistics current. A bulk ingest into a fresh database leaves the
 * planner without statistics until autovacuum gets to it (a minute or more): the timeline then
 * runs as a sort of every subscribed entry (70-500 ms at 50k entries instead of 0.3 ms, see
 * `npm run bench -- load`). Every `intervalMs` (and on demand: at start-up, after migrations)
 * this reads the change counters of `pg_stat_user_tables`, which count the writes of every
 * process (API servers and workers alike), and runs `ANALYZE` on the tables past autovacuum's own
 * threshold, without waiting for its naptime; a table never analyzed is analyzed at its first
 * change, however small. `SKIP_LOCKED`: a table another process is
 * analyzing is left to it. The keeper owns `database` (a one-connection handle) and closes it.
 * With `null` (SQLite) it does nothing: SQLite's timeline query pins its join order.
 */
export function keepStatistics(
  database: DatabaseHandle | null,
  logger: Logger,
  options: { intervalMs?: number } = {},
): StatisticsKeeper {
  let running: Promise<string[]> | undefined;
  let stopped = false;
  const check = () => {
    if (!database || stopped) return Promise.resolve([]);
    running ??= analyzeChangedTables(database, logger).finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => {
    check().catch((error) => logger.warn({ err: error }, "statistics check failed"));
  }, options.intervalMs ?? 2_000);
  timer.unref();
  return {
    check,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
      await database?.close();
    },
  };
}

/** One check of the keeper (exported for the benchmark): analyzes the tables past the threshold. */
export async function analyzeChangedTables(database: DatabaseHandle, logger: Logger) {
  // Only tables this role may analyze (its own): a shared schema may hold other applications'.
  const { rows } = await sql<{
    relname: string;
    live: string;
    changed: string;
    analyzed: boolean;
  }>`
    select s.relname, s.n_live_tup as live, s.n_mod_since_analyze as changed,
      coalesce(s.last_analyze, s.last_autoanalyze) is not null as analyzed
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema() and pg_has_role(c.relowner, 'USAGE')`.execute(
    database.db,
  );
  const stale = rows.filter((row) => {
    const changed = Number(row.changed);
    if (!row.analyzed) return changed > 0;
    return changed > BASE_THRESHOLD + SCALE_FACTOR * Number(row.live);
  });
  for (const row of stale) {
    const started = performance.now();
    await sql`analyze (skip_locked) ${sql.id(row.relname)}`.execute(database.db);
    logger.info(
      {
        table: row.relname,
        changed: Number(row.changed),
        ms: Math.round(performance.now() - started),
      },
      "analyzed",
    );
  }
  return stale.map((row) => row.relname);
}
