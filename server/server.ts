import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { createAdaptorServer } from "@hono/node-server";
import { createDailyReports, startDailyReportLoop } from "./ai/daily/reports.ts";
import { deleteStaleTranslations } from "./ai/translations.ts";
import { createApp } from "./app.ts";
import { createAuth } from "./auth.ts";
import type { ServerConfig } from "./config.ts";
import { connectDatabase } from "./db/connect.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { keepStatistics, type StatisticsKeeper } from "./db/statistics.ts";
import { answerClientErrors } from "./http/client-errors.ts";
import { startIdempotentWrites } from "./http/idempotency.ts";
import { loopbackOrigins } from "./http/loopback-origins.ts";
import { startFeedIcons } from "./icons/feed-icons.ts";
import type { SmtpIntake } from "./inbox/smtp-intake.ts";
import { createFetcher, type Fetcher, userAgentFor } from "./ingest/guarded-fetch.ts";
import { configureIngestPool } from "./ingest/pool/pool.ts";
import { politeHostGate } from "./jobs/host-gate.ts";
import { type Scheduler, startScheduler } from "./jobs/scheduler.ts";
import { createLogger, type Logger } from "./logger.ts";
import { type MetricsListener, startMetricsListener } from "./metrics/endpoint.ts";
import { observedFetch } from "./metrics/http.ts";
import { watchSources } from "./metrics/sources.ts";
import { startErrorReporter } from "./observability/error-reporter.ts";
import { unexpectedErrorHandler } from "./observability/unexpected-errors.ts";
import { resolveAuthSecret } from "./secret.ts";
import { composeServices } from "./services/index.ts";
import { type LiveChanges, startLiveChanges } from "./sync/live-changes.ts";
import { startDailyPowerLoop } from "./wallet/daily.ts";
import { enableWebSub } from "./websub/setup.ts";

export interface RunningServer {
  /** Where users reach the app (PUBLIC_URL, or the listening address). */
  url: string;
  /** The address this process listens on; what local tools and tests connect to. */
  localUrl: string;
  port: number;
  dialect: "sqlite" | "postgres";
  /** The operator-only metrics address, when METRICS_LISTEN turned it on. */
  metricsUrl?: string;
  /** The e-mail intake's port, when INBOX_SMTP_PORT turned it on. */
  smtpPort?: number;
  /** One claim-and-refresh round of the feed scheduler now (when it runs in this process). */
  runIngestion(): Promise<void>;
  /** Resolves once the feed icons asked for by refreshes so far are looked for. */
  feedIconsIdle(): Promise<void>;
  /** Writes the daily reports due at `now` (tests pass the instant); answers how many. */
  runDailyReports(now?: Date): Promise<number>;
  close(): Promise<void>;
}

type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * Starts everything: database, migrations, auth and HTTP. Listens first so that port 0 works
 * (tests), but answers 503 until migrations are done.
 */
export async function startServer(config: ServerConfig, logger: Logger = createLogger(config)) {
  const database = connectDatabase(config);
  let handler: FetchHandler = () =>
    new Response(JSON.stringify({ code: 1005, message: "Internal error", reason: "starting" }), {
      status: 503,
      headers: { "content-type": "application/json" },
    });
  const server = createAdaptorServer({ fetch: (request, env) => handler(request, env) });
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const localUrl = `http://${hostForUrl.includes(":") ? `[${hostForUrl}]` : hostForUrl}:${port}`;
  const baseUrl = config.publicUrl ?? localUrl;
  // Without a public URL, every loopback spelling of this port is this server's own origin.
  if (!config.publicUrl) {
    const aliases = loopbackOrigins(config.host, port);
    config = {
      ...config,
      trustedOrigins: [...new Set([...config.trustedOrigins, ...aliases])],
    };
  }

  const { metrics } = config.observability;
  const errorReporter = await startErrorReporter(config.observability.errors, logger);
  let fetcher: Fetcher | undefined;
  let scheduler: Scheduler | undefined;
  let feedIcons: ReturnType<typeof startFeedIcons> | undefined;
  let stopWebSub: (() => void) | undefined;
  let statistics: StatisticsKeeper | undefined;
  let smtp: SmtpIntake | undefined;
  let dailyReports: ReturnType<typeof createDailyReports> | undefined;
  let dailyReportLoop: ReturnType<typeof startDailyReportLoop> | undefined;
  let dailyPowerLoop: { stop(): void } | undefined;
  let liveChanges: LiveChanges | undefined;
  let metricsListener: MetricsListener | undefined;
  let unwatchMetrics: (() => void) | undefined;
  try {
    const secret = resolveAuthSecret(config.authSecret, config.dataDir);
    const auth = createAuth({ config, database, logger, baseUrl, secret });
    await migrateDatabase(database, auth, logger);
    const staleTranslations = await deleteStaleTranslations(database);
    if (staleTranslations > 0) logger.info({ staleTranslations }, "deleted old translations");
    // Planner statistics for data loaded while no server ran, then as writes come in; on its
    // own connection, so a pool busy with the slow plans it is there to fix cannot hold it up.
    statistics = keepStatistics(
      database.dialect === "postgres" ? connectDatabase({ ...config, databasePoolMax: 1 }) : null,
      logger,
    );
    statistics.check().catch((error) => logger.warn({ err: error }, "statistics check failed"));
    // Before the first request: keys a killed previous run left "still running" are given up.
    const owner = config.idempotency.instanceId ?? `${hostname()}:${port}`;
    const cleared = await startIdempotentWrites(database, {
      owner,
      leaseMs: config.idempotency.leaseSeconds * 1000,
      hold: config.idempotency.testHold,
      onHold: (detail) => logger.warn(detail, "test hook: holding a write until killed"),
    });
    if (cleared > 0) logger.info({ owner, cleared }, "cleared in-flight idempotency keys");
    configureIngestPool({ size: config.ingest.workers });
    fetcher = createFetcher({
      allowPrivateNetworks: config.ingest.allowPrivateNetworks,
      timeoutMs: config.ingest.fetchTimeoutSeconds * 1000,
      maxBodyBytes: config.ingest.maxFeedBytes,
      hostGate: politeHostGate(database, config),
      userAgent: userAgentFor(config.publicUrl),
    });
    stopWebSub = enableWebSub(config, database, fetcher, logger);
    const services = composeServices({ config, database, logger, fetcher, secret });
    liveChanges = startLiveChanges(config, database, logger);
    await liveChanges.ready;
    const app = createApp({
      config,
      database,
      auth,
      logger,
      services,
      syncHub: liveChanges.hub,
      onUnexpectedError: unexpectedErrorHandler(errorReporter),
    });
    handler = observedFetch((request, env) => app.fetch(request, env), {
      token: metrics.token,
      apiBasePath: config.apiBasePath,
    });
    unwatchMetrics = watchSources({ database, pool: database.pool, hub: liveChanges.hub });
    if (metrics.listen) metricsListener = await startMetricsListener(metrics.listen);
    dailyReports = createDailyReports({ database, providerFor: services.providers.for, logger });
    if (config.ai.dailyReportCheckSeconds > 0) {
      dailyReportLoop = startDailyReportLoop(dailyReports, logger, {
        intervalMs: config.ai.dailyReportCheckSeconds * 1000,
      });
    }
    // Today's daily POWER, computed once across processes and again after a restart if missed.
    dailyPowerLoop = startDailyPowerLoop(database, config.wallet.dailyPool, logger);
    if (config.inboxes.smtpPort !== undefined && config.inboxes.emailDomain) {
      // Its mail parser stack (~0.7 MB of source) is loaded only when the intake is turned on.
      const { startSmtpIntake } = await import("./inbox/smtp-intake.ts");
      smtp = await startSmtpIntake(database, logger, {
        host: config.inboxes.smtpHost,
        port: config.inboxes.smtpPort,
        domain: config.inboxes.emailDomain,
        maxBytes: config.inboxes.maxMessageBytes,
        dataDir: config.dataDir,
        filesUrl: `${baseUrl}${config.apiBasePath}/inbox-files`,
      });
    }
    if (config.ingest.scheduler) {
      feedIcons = config.ingest.feedIcons
        ? startFeedIcons(config, database, fetcher, logger)
        : undefined;
      scheduler = startScheduler(database, fetcher, logger, {
        pollIntervalMs: config.ingest.pollSeconds * 1000,
        batchSize: config.ingest.batchSize,
        concurrency: config.ingest.concurrency,
        leaseMs: 5 * 60_000,
        ...(feedIcons ? { onRefreshed: feedIcons.onRefreshed } : {}),
      });
    }
  } catch (error) {
    await errorReporter?.close();
    unwatchMetrics?.();
    await metricsListener?.close();
    await liveChanges?.close();
    await smtp?.close();
    await statistics?.stop();
    await fetcher?.close();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    throw error;
  }
  logger.info(
    { url: baseUrl, database: database.dialect, location: database.location },
    "listening",
  );

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Open change streams never end on their own: ended first, or closing waits for them.
      await liveChanges?.close();
      const closed = new Promise((resolve) => server.close(resolve));
      if ("closeIdleConnections" in server) server.closeIdleConnections();
      // In-flight requests get a grace period, then their sockets are cut.
      const timer = setTimeout(() => {
        if ("closeAllConnections" in server) server.closeAllConnections();
      }, 10_000);
      await closed;
      clearTimeout(timer);
      unwatchMetrics?.();
      await metricsListener?.close();
      await errorReporter?.close();
      await smtp?.close();
      await statistics?.stop();
      await dailyReportLoop?.stop();
      dailyPowerLoop?.stop();
      stopWebSub?.();
      await scheduler?.stop();
      await feedIcons?.close();
      await fetcher?.close();
      await database.close();
      logger.info("stopped");
    })();
    return closing;
  };
  const running: RunningServer = {
    url: baseUrl,
    localUrl,
    port,
    dialect: database.dialect,
    ...(smtp ? { smtpPort: smtp.port } : {}),
    ...(metricsListener ? { metricsUrl: metricsListener.url } : {}),
    runIngestion: () => scheduler?.runOnce() ?? Promise.resolve(),
    feedIconsIdle: () => feedIcons?.idle() ?? Promise.resolve(),
    runDailyReports: (now = new Date()) => dailyReports!.runDue(now),
    close,
  };
  return running;
}
