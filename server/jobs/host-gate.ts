import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { type HostGate, HostLimiter } from "../ingest/host-limiter.ts";
import { configureIngest } from "./ingest-settings.ts";

export interface HostGateOptions {
  /** Fetches to one host at once, across every process of the database. */
  concurrency: number;
  /** Fetches started to one host per window, across every process. */
  perWindow: number;
  windowMs: number;
  /** How long a slot stays taken if its process dies mid-fetch (above the fetch timeout). */
  leaseMs: number;
  clock?: () => number;
}

/** Between tries while a host is at its limit: short, jittered, so waiters do not march. */
const RETRY_MS = 150;

/**
 * Per-host politeness counted in the database, so it holds across every API and worker
 * process: a fetch takes a `host_fetch` row only while fewer than `concurrency` rows of that
 * host have a running lease and fewer than `perWindow` started within the window. The check and
 * the insert are one statement; on PostgreSQL a transaction-scoped advisory lock per host
 * serialises them (SQLite runs one writer at a time). Waiters of this process queue in memory
 * first, so at most `concurrency` of them ask the database at a time.
 */
export function databaseHostGate(database: DatabaseHandle, options: HostGateOptions): HostGate {
  const clock = options.clock ?? Date.now;
  const local = new HostLimiter(options.concurrency);
  const holder = `p${process.pid}-${randomUUID().slice(0, 8)}`;

  async function tryTake(host: string): Promise<string | null> {
    const id = randomUUID();
    const now = clock();
    const insert = sql`
      INSERT INTO host_fetch (id, host, holder, started_at, lease_until)
      SELECT ${id}, ${host}, ${holder}, ${now}, ${now + options.leaseMs}
      WHERE (SELECT count(*) FROM host_fetch WHERE host = ${host} AND lease_until > ${now})
              < ${options.concurrency}
        AND (SELECT count(*) FROM host_fetch WHERE host = ${host}
              AND started_at > ${now - options.windowMs}) < ${options.perWindow}`;
    if (database.dialect === "postgres") {
      return database.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`host_fetch:${host}`}))`.execute(trx);
        const result = await insert.execute(trx);
        return Number(result.numAffectedRows ?? 0) > 0 ? id : null;
      });
    }
    const result = await insert.execute(database.db);
    return Number(result.numAffectedRows ?? 0) > 0 ? id : null;
  }

  async function release(host: string, id: string) {
    const now = clock();
    await sql`UPDATE host_fetch SET lease_until = ${now} WHERE id = ${id}`.execute(database.db);
    // Rows that no longer count for anything go as they age.
    await sql`DELETE FROM host_fetch WHERE host = ${host}
      AND started_at <= ${now - options.windowMs} AND lease_until <= ${now}`.execute(database.db);
  }

  return {
    async acquire(rawHost, signal) {
      const host = rawHost.toLowerCase();
      const releaseLocal = await local.acquire(host, signal);
      try {
        for (;;) {
          signal?.throwIfAborted();
          const id = await tryTake(host);
          if (id) {
            let released = false;
            return () => {
              if (released) return;
              released = true;
              // The local slot passes on once the database slot is free, so the next one in
              // line finds it free. A lost release only delays fetches: the lease ends anyway.
              void release(host, id)
                .catch(() => {})
                .finally(releaseLocal);
            };
          }
          await sleep(RETRY_MS * (0.5 + Math.random()), signal);
        }
      } catch (error) {
        releaseLocal();
        throw error;
      }
    },
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The gate of a server or worker process, from its configuration; it also sets how this
 * process schedules checks (the operator's bounds). */
export function politeHostGate(database: DatabaseHandle, config: ServerConfig): HostGate {
  configureIngest({
    bounds: { minMs: config.ingest.minIntervalMs, maxMs: config.ingest.maxIntervalMs },
  });
  return databaseHostGate(database, {
    concurrency: config.ingest.hostConcurrency,
    perWindow: config.ingest.hostPerMinute,
    windowMs: config.ingest.hostWindowMs,
    leaseMs: config.ingest.fetchTimeoutSeconds * 1000 + 30_000,
  });
}
