import pg from "pg";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { catchUp } from "./catch-up.ts";
import { type ChangeNotice, SYNC_CHANNEL } from "./changes.ts";
import type { SyncHub } from "./hub.ts";

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = "follow-sync-listener";
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * LISTENs on SYNC_CHANNEL on a connection of its own (a pooled one would be handed back) and
 * passes every other process's changes to this process's hub. A dropped connection is opened
 * again with backoff; what was notified meanwhile is caught up from the version table.
 */
export function listenPostgresChanges(
  url: string,
  database: DatabaseHandle,
  hub: SyncHub,
  logger: Logger,
) {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = RETRY_MIN_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const onNotice = (message: pg.Notification) => {
    if (message.channel !== SYNC_CHANNEL || !message.payload) return;
    try {
      const notice = JSON.parse(message.payload) as ChangeNotice;
      hub.deliver(
        notice.c.map(([userId, version]) => ({ userId, version: BigInt(version) })),
        [notice.s],
      );
    } catch (error) {
      logger.warn({ err: error }, "unreadable change notice");
    }
  };

  const reconnect = (reason: unknown) => {
    if (stopped || retry) return;
    logger.warn({ err: reason, retryInMs: delay }, "change listener disconnected");
    const dropped = client;
    client = undefined;
    dropped?.removeAllListeners();
    dropped?.on("error", () => {});
    void dropped?.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref?.();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    next.on("error", reconnect);
    next.on("end", () => reconnect(new Error("connection ended")));
    next.on("notification", onNotice);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${SYNC_CHANNEL}`);
      if (stopped) return void (await next.end().catch(() => {}));
      delay = RETRY_MIN_MS;
      await catchUp(database, hub);
    } catch (error) {
      if (client === next) reconnect(error);
    }
  };

  const ready = connect();
  return {
    /** Resolves once the first LISTEN is in place (or failed and is being retried). */
    ready,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = undefined;
      open?.removeAllListeners();
      open?.on("error", () => {});
      await open?.end().catch(() => {});
    },
  };
}
