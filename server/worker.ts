import { createAuth } from "./auth.ts";
import { loadConfigOrExit } from "./config.ts";
import { connectDatabase } from "./db/connect.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { startFeedIcons } from "./icons/feed-icons.ts";
import { createFetcher, userAgentFor } from "./ingest/guarded-fetch.ts";
import { configureIngestPool } from "./ingest/pool/pool.ts";
import { politeHostGate } from "./jobs/host-gate.ts";
import { startScheduler } from "./jobs/scheduler.ts";
import { createLogger } from "./logger.ts";
import { resolveAuthSecret } from "./secret.ts";
import { attachSync } from "./sync/changes.ts";
import { enableWebSub } from "./websub/setup.ts";

/**
 * `npm run worker`: an extra ingestion process with no HTTP. Workers claim due feeds by lease,
 * so any number of them (and the API processes' own schedulers) can share one PostgreSQL.
 */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  const database = connectDatabase(config);
  // The schema must exist even when a worker starts before any API process.
  const auth = createAuth({
    config,
    database,
    logger,
    baseUrl: config.publicUrl ?? "http://localhost",
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
  });
  await migrateDatabase(database, auth, logger);
  // New entries bump their readers' versions here; API processes hear of it (NOTIFY, or on
  // SQLite by watching the file) and poke their streams.
  attachSync(database, { logger });
  configureIngestPool({ size: config.ingest.workers });
  const fetcher = createFetcher({
    allowPrivateNetworks: config.ingest.allowPrivateNetworks,
    timeoutMs: config.ingest.fetchTimeoutSeconds * 1000,
    maxBodyBytes: config.ingest.maxFeedBytes,
    hostGate: politeHostGate(database, config),
    userAgent: userAgentFor(config.publicUrl),
  });
  const stopWebSub = enableWebSub(config, database, fetcher, logger);
  const feedIcons = config.ingest.feedIcons
    ? startFeedIcons(config, database, fetcher, logger)
    : undefined;
  const scheduler = startScheduler(database, fetcher, logger, {
    pollIntervalMs: config.ingest.pollSeconds * 1000,
    batchSize: config.ingest.batchSize,
    concurrency: config.ingest.concurrency,
    leaseMs: 5 * 60_000,
    ...(feedIcons ? { onRefreshed: feedIcons.onRefreshed } : {}),
  });
  const stop = async (signal: string) => {
    logger.info({ signal }, "worker stopping");
    stopWebSub();
    await scheduler.stop();
    await feedIcons?.close();
    await fetcher.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
  // Keep the process alive: the scheduler's timer is unref'd so servers can exit cleanly.
  setInterval(() => {}, 1 << 30);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
