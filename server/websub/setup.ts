import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { configureIngest } from "../jobs/ingest-settings.ts";
import type { Logger } from "../logger.ts";
import { startWebSub } from "./subscriber.ts";

/**
 * Turns WebSub on for this process when it can work: hubs must reach our callbacks, so only
 * with PUBLIC_URL. Every process that refreshes feeds subscribes to the hubs it finds; only the
 * ones running the scheduler renew leases. Answers a function that stops the renewals.
 */
export function enableWebSub(
  config: ServerConfig,
  database: DatabaseHandle,
  fetcher: Fetcher,
  logger: Logger,
): () => void {
  if (!config.ingest.websub || !config.publicUrl) return () => {};
  const webSub = startWebSub(database, fetcher, logger, {
    callbackBase: `${config.publicUrl.replace(/\/$/, "")}${config.apiBasePath}/websub`,
    renewEveryMs: config.ingest.scheduler ? 60_000 : 0,
  });
  configureIngest({
    onHub: webSub.onHub,
    pushActive: webSub.pushActive,
    onPollFoundNew: webSub.onPollFoundNew,
  });
  return webSub.close;
}
