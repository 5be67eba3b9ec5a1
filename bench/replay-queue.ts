import type { Dispatch } from "../src/sync/dispatch.ts";
import { outboxSize } from "../src/sync/outbox.ts";
import { FeedServer, rssFeed } from "../tests/support/feed-server.ts";
import { startTestServer } from "../tests/support/server.ts";
import { openTestClient, signUp } from "../tests/support/sync/remote.ts";
import { printTable, ratio, round, type Table } from "./support/table.ts";

export interface ReplayFigures {
  commands: number;
  /** Distinct entries the commands cycle over (markRead, star, markUnread, unstar each). */
  entries: number;
  /** Dispatching the commands offline (each its own local transaction). */
  queueMs: number;
  /** Coming online to drain() resolving: every command sent and confirmed. */
  replayMs: number;
  commandsPerSecond: number;
  /** Baseline: as many sequential POST /api/reads over plain fetch (mean of before and after). */
  baselineMs: number;
  baselinePerSecond: number;
  rejected: number;
}

/** The server of issue 4's replay benchmark: in-process, SQLite, no scheduler, no rate limits. */
export const REPLAY_SERVER_ENV = {
  FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
  INGEST_SCHEDULER: "false",
  AUTH_RATE_LIMIT_MAX: "100000",
  RATE_LIMIT_MAX: "100000",
  LOG_LEVEL: "warn",
};

/** Command i of the queue: per entry in turn markRead, star, markUnread, unstar (all valid). */
function queueCommand(
  dispatch: Dispatch,
  entries: ReadonlyArray<{ id: string; feedId: string }>,
  i: number,
) {
  const entry = entries[Math.floor(i / 4) % entries.length]!;
  switch (i % 4) {
    case 0:
      return dispatch("entries.markRead", { entryIds: [entry.id] });
    case 1:
      return dispatch("collections.star", { entryId: entry.id, feedId: entry.feedId, view: 0 });
    case 2:
      return dispatch("entries.markUnread", { entryId: entry.id });
    default:
      return dispatch("collections.unstar", { entryId: entry.id });
  }
}

/**
 * Replay of `commands` queued commands after reconnect against the real server in-process
 * (SQLite) on 127.0.0.1, with a FeedServer site whose feeds the user subscribes to first, so
 * the commands touch real entries. The client (memory database, sync engine, manual
 * connectivity) goes offline, dispatches the commands (mark read / unread, star / unstar),
 * comes online, and the figure is the time until drain() resolves. Baseline: as many
 * sequential POST /api/reads over plain fetch with the session cookie and a fresh
 * Idempotency-Key each (as the engine sends), timed before and after the replay.
 */
export async function benchReplay(
  commands = 1_000,
  options: { feeds?: number; entriesPerFeed?: number } = {},
): Promise<ReplayFigures> {
  const feeds = options.feeds ?? 5;
  const entriesPerFeed = options.entriesPerFeed ?? 60;
  const site = await new FeedServer().start();
  const server = await startTestServer("sqlite", REPLAY_SERVER_ENV);
  try {
    const baseUrl = server.localUrl;
    const base = Date.parse("2026-05-01T12:00:00Z");
    const feedUrls = Array.from({ length: feeds }, (_, f) =>
      site.serve(
        `/feed-${f}.xml`,
        rssFeed(
          `Feed ${f}`,
          Array.from({ length: entriesPerFeed }, (_, i) => ({
            guid: `f${f}-item-${i}`,
            title: `Feed ${f} item ${i}`,
            date: new Date(base - (i * feeds + f) * 3_600_000),
          })),
        ),
      ),
    );
    const account = await signUp(baseUrl, `replay.${Date.now().toString(36)}@example.com`);
    const client = await openTestClient({ baseUrl, account });
    try {
      client.engine.start();
      await client.engine.drain();
      for (const url of feedUrls) await client.dispatch("subscriptions.subscribe", { url });
      await client.engine.drain();
      const rows = await client.db.query<{ id: string; feed_id: string }>(
        "SELECT id, feed_id FROM entries ORDER BY published_at DESC LIMIT ?",
        [Math.ceil(commands / 4)],
      );
      if (rows.length === 0) throw new Error("no entries reached the client");
      const entries = rows.map((row) => ({ id: String(row.id), feedId: String(row.feed_id) }));

      let baselineKeys = 0;
      const baseline = async () => {
        const started = performance.now();
        for (let i = 0; i < commands; i++) {
          const response = await fetch(`${baseUrl}/api/reads`, {
            method: "POST",
            headers: {
              cookie: account.cookie,
              "content-type": "application/json",
              "idempotency-key": `bench-${Date.now()}-${++baselineKeys}`,
            },
            body: JSON.stringify({ entryIds: [entries[0]!.id] }),
          });
          if (!response.ok) throw new Error(`POST /api/reads: ${response.status}`);
          await response.arrayBuffer();
        }
        return performance.now() - started;
      };
      const before = await baseline();

      client.setBrowserOnline(false);
      const queueStarted = performance.now();
      for (let i = 0; i < commands; i++) await queueCommand(client.dispatch, entries, i);
      const queueMs = performance.now() - queueStarted;
      const queued = await outboxSize(client.db);
      if (queued !== commands) throw new Error(`${queued} commands queued, not ${commands}`);

      const replayStarted = performance.now();
      client.setBrowserOnline(true);
      await client.engine.drain();
      const replayMs = performance.now() - replayStarted;
      const left = await outboxSize(client.db);
      if (left !== 0) throw new Error(`${left} commands left after drain`);

      const after = await baseline();
      const baselineMs = (before + after) / 2;
      return {
        commands,
        entries: entries.length,
        queueMs,
        replayMs,
        commandsPerSecond: (commands / replayMs) * 1000,
        baselineMs,
        baselinePerSecond: (commands / baselineMs) * 1000,
        rejected: client.rejections.length,
      };
    } finally {
      await client.close();
    }
  } finally {
    await server.close();
    await site.stop();
  }
}

export function replayTable(f: ReplayFigures): Table {
  return {
    title: `Replay of ${f.commands.toLocaleString("en")} queued commands after reconnect (real server in-process, SQLite, 127.0.0.1)`,
    headers: ["step", "ms", "per second", "ms each", "vs baseline"],
    rows: [
      [
        "queue offline (dispatch)",
        round(f.queueMs),
        Math.round((f.commands / f.queueMs) * 1000),
        round(f.queueMs / f.commands, 2),
        "",
      ],
      [
        "replay: online → drain()",
        round(f.replayMs),
        Math.round(f.commandsPerSecond),
        round(f.replayMs / f.commands, 2),
        ratio(f.replayMs, f.baselineMs),
      ],
      [
        "baseline: sequential POST /api/reads",
        round(f.baselineMs),
        Math.round(f.baselinePerSecond),
        round(f.baselineMs / f.commands, 2),
        "1.00×",
      ],
    ],
    notes: [
      `Commands cycle markRead, star, markUnread, unstar over ${f.entries} real entries; ${f.rejected} rejected.`,
      "The engine sends one command at a time, in order, each under its own Idempotency-Key, and confirms it locally (one transaction) before the next.",
      "Baseline: plain fetch, session cookie, a fresh Idempotency-Key each; mean of runs before and after the replay.",
    ],
  };
}

if (import.meta.main) {
  printTable(replayTable(await benchReplay()));
}
