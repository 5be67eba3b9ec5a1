import { sql } from "kysely";
import { Gauge } from "prom-client";
import type { DatabaseHandle } from "../db/connect.ts";
import { ingestPoolQueued } from "../ingest/pool/pool.ts";
import { registry } from "./registry.ts";

/** What a running server lets the gauges read when scraped. */
export interface MetricSources {
  database: DatabaseHandle;
  /** PostgreSQL's pool (pg.Pool counts); none for SQLite. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number } | undefined;
  hub?: { readonly size: number } | undefined;
}

const sources = new Set<MetricSources>();

/** Registers a server's sources; the answer unregisters them (on close). */
export function watchSources(source: MetricSources): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

function sum(read: (source: MetricSources) => number): number {
  let total = 0;
  for (const source of sources) total += read(source);
  return total;
}

export const liveStreams = new Gauge({
  name: "follow_live_change_streams",
  help: "Open live change streams (server-sent events) in this process",
  registers: [registry],
  collect() {
    this.set(sum((s) => s.hub?.size ?? 0));
  },
});

export const databasePool = new Gauge({
  name: "follow_database_pool_connections",
  help: "PostgreSQL pool connections by state: total, idle, waiting (requests queued for one)",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    this.set(
      { state: "total" },
      sum((s) => s.pool?.totalCount ?? 0),
    );
    this.set(
      { state: "idle" },
      sum((s) => s.pool?.idleCount ?? 0),
    );
    this.set(
      { state: "waiting" },
      sum((s) => s.pool?.waitingCount ?? 0),
    );
  },
});

export const ingestParseQueue = new Gauge({
  name: "follow_ingest_parse_queue",
  help: "Fetched feeds and pages waiting for a free ingestion worker to parse them",
  registers: [registry],
  collect() {
    this.set(ingestPoolQueued());
  },
});

export const databaseUp = new Gauge({
  name: "follow_database_up",
  help: "1 when every database answered a round-trip at the last scrape, else 0",
  registers: [registry],
});

// One count per scrape per server: scrapes are rare, and it doubles as the database check.
export const feedsDue = new Gauge({
  name: "follow_feeds_due",
  help: "Subscribed feeds whose next check is due now (the ingestion queue's depth)",
  registers: [registry],
  async collect() {
    let due = 0;
    let up = 1;
    for (const source of sources) {
      try {
        const result = await sql<{ n: number | string }>`
          SELECT count(*) AS n FROM feed
          WHERE next_check_at <= ${new Date().toISOString()}
            AND EXISTS (SELECT 1 FROM subscription WHERE subscription.feed_id = feed.id)`.execute(
          source.database.db,
        );
        due += Number(result.rows[0]?.n ?? 0);
      } catch {
        up = 0;
      }
    }
    this.set(due);
    databaseUp.set(sources.size === 0 ? 0 : up);
  },
});
