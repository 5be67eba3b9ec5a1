import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { catchUp } from "./catch-up.ts";
import type { SyncHub } from "./hub.ts";

/** How often another process's commits are looked for. */
export const SQLITE_POLL_MS = 500;

/**
 * On SQLite a separate process may write the same file (`npm run worker` storing new entries).
 * SQLite's `PRAGMA data_version` changes when another connection committed: a constant-time
 * check, and only then are the connected users' versions read. This process's own writes poke
 * its streams directly and do not change the value on its own connection.
 */
export function pollSqliteChanges(database: DatabaseHandle, hub: SyncHub, logger: Logger) {
  let last: number | undefined;
  let running = false;
  const tick = async () => {
    if (running || hub.size === 0) return;
    running = true;
    try {
      const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(
        database.db,
      );
      const version = rows[0]?.data_version;
      if (last !== undefined && version !== last) await catchUp(database, hub);
      last = version;
    } catch (error) {
      logger.warn({ err: error }, "could not look for other processes' changes");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), SQLITE_POLL_MS);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
