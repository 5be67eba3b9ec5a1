import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { attachSync } from "./changes.ts";
import { SyncHub } from "./hub.ts";
import { listenPostgresChanges } from "./listen-postgres.ts";
import { pollSqliteChanges } from "./poll-sqlite.ts";

export interface LiveChanges {
  hub: SyncHub;
  /** Resolves once other processes' changes are being heard. */
  ready: Promise<void>;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
}

/**
 * An API process's live change streams: the hub its stream endpoint opens streams on, fed by
 * this process's writes and by other processes' (PostgreSQL LISTEN, or SQLite's data_version
 * poll: a separate worker process may store entries in the same file).
 */
export function startLiveChanges(
  config: ServerConfig,
  database: DatabaseHandle,
  logger: Logger,
): LiveChanges {
  const hub = new SyncHub(config.syncStream);
  attachSync(database, { hub, logger });
  if (database.dialect === "postgres" && config.databaseUrl) {
    const listener = listenPostgresChanges(config.databaseUrl, database, hub, logger);
    return {
      hub,
      ready: listener.ready,
      close: async () => {
        hub.close();
        await listener.stop();
      },
    };
  }
  const poll = pollSqliteChanges(database, hub, logger);
  return {
    hub,
    ready: Promise.resolve(),
    close: async () => {
      hub.close();
      poll.stop();
    },
  };
}
