import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { createKeyBox } from "./ai/key-box.ts";
import { createProviders } from "./ai/providers.ts";
import { createSummaries } from "./ai/summaries.ts";
import { createTranslations } from "./ai/translations.ts";
import type { Auth } from "./auth.ts";
import type { ServerConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/connect.ts";
import { ApiError } from "./http/api-error.ts";
import { bodyLimitByLength } from "./http/body-limit.ts";
import { readClientInfo } from "./http/client-info.ts";
import { originGuard } from "./http/origin-guard.ts";
import { createStaticClient } from "./http/static-client.ts";
import type { Fetcher } from "./ingest/guarded-fetch.ts";
import { createActionEffects, handleActionEffects } from "./jobs/action-effects.ts";
import { createReadability } from "./jobs/readability.ts";
import { createSubscribeService } from "./jobs/subscribe.ts";
import type { Logger } from "./logger.ts";
import { createPushSender } from "./push/sender.ts";
import { resolveVapidKeys } from "./push/vapid.ts";
import { actionRoutes } from "./routes/actions.ts";
import { aiRoutes } from "./routes/ai.ts";
import { authRoutes } from "./routes/auth.ts";
import { categoryRoutes } from "./routes/categories.ts";
import { collectionRoutes } from "./routes/collections.ts";
import { entryRoutes } from "./routes/entries.ts";
import { feedRoutes } from "./routes/feeds.ts";
import { healthRoutes } from "./routes/health.ts";
import { profileRoutes } from "./routes/profiles.ts";
import { pushRoutes } from "./routes/push.ts";
import { readRoutes } from "./routes/reads.ts";
import { settingsRoutes } from "./routes/settings.ts";
import { subscriptionRoutes } from "./routes/subscriptions.ts";
import { resolveAuthSecret } from "./secret.ts";

export interface AppDeps {
  config: ServerConfig;
  database: DatabaseHandle;
  auth: Auth;
  logger: Logger;
  fetcher: Fetcher;
}

/** The whole HTTP surface: API under the base path, the built client everywhere else. */
export function createApp({ config, database, auth, logger, fetcher }: AppDeps) {
  const app = new Hono<{ Variables: { traceId: string } }>();
  const base = config.apiBasePath;

  app.use("*", async (c, next) => {
    const traceId = randomUUID();
    c.set("traceId", traceId);
    const started = performance.now();
    await next();
    c.header("x-trace-id", traceId);
    logger.info(
      {
        traceId,
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        client: readClientInfo(c),
      },
      "request",
    );
  });

  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:", "http:"],
        mediaSrc: ["'self'", "blob:", "https:", "http:"],
        connectSrc: ["'self'"],
        frameSrc: ["https://www.youtube-nocookie.com", "https://player.vimeo.com"],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: false,
    }),
  );

  // Writes only from the app's own pages (or non-browser clients), with JSON bodies (CSRF).
  app.use(
    `${base}/*`,
    originGuard({
      trustedOrigins: [
        ...(config.publicUrl ? [new URL(config.publicUrl).origin] : []),
        ...config.trustedOrigins,
      ],
    }),
  );

  app.use(
    `${base}/*`,
    bodyLimitByLength({
      maxSize: 1_000_000,
      // The unread rest of the body poisons a kept-alive socket: close it after answering.
      onError: (c) => {
        c.header("connection", "close");
        return c.json(new ApiError(1002, "Request body too large", 413).toBody(), 413);
      },
    }),
  );

  app.route(`${base}/health`, healthRoutes(database));
  app.route(`${base}/better-auth`, authRoutes(auth, { trustProxy: config.trustProxy, logger }));
  app.route(`${base}/profiles`, profileRoutes(auth, database));
  const subscriber = createSubscribeService(database, fetcher, {
    feedRouteBaseUrl: config.ingest.feedRouteBaseUrl,
  });
  app.route(`${base}/subscriptions`, subscriptionRoutes(auth, database, subscriber));
  app.route(`${base}/categories`, categoryRoutes(auth, database));
  app.route(`${base}/feeds`, feedRoutes(auth, database, fetcher, subscriber, logger));
  app.route(`${base}/entries`, entryRoutes(auth, database, createReadability(database, fetcher)));
  app.route(`${base}/reads`, readRoutes(auth, database));
  app.route(`${base}/collections`, collectionRoutes(auth, database));
  app.route(`${base}/settings`, settingsRoutes(auth, database));
  const serverSecret = config.authSecret ?? resolveAuthSecret(undefined, config.dataDir);
  const keyBox = createKeyBox(serverSecret);
  const providers = createProviders({
    config: config.ai,
    fetcher,
    database,
    box: keyBox,
  });
  const provider = providers.server;
  const readability = createReadability(database, fetcher);
  const summaries = createSummaries({ database, readability, provider });
  const translations = createTranslations({ database, readability, provider });
  app.route(`${base}/actions`, actionRoutes(auth, database));
  const push = createPushSender({
    database,
    fetcher,
    vapid: resolveVapidKeys(config.push, config.dataDir),
    logger,
  });
  app.route(`${base}/push`, pushRoutes(auth, database, push));
  // Notifications and webhooks that action rules ask for, once new entries are stored.
  const webhookSecret = config.webhookSecret ?? serverSecret;
  handleActionEffects(
    database,
    createActionEffects({ database, fetcher, push, webhookSecret, logger }),
  );
  app.route(
    `${base}/ai`,
    aiRoutes(auth, database, { summaries, translations, providers, box: keyBox }, logger),
  );

  app.all(`${base}/*`, (c) => {
    throw new ApiError(
      1002,
      `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`,
      404,
    );
  });
  app.all(base, (c) => {
    throw new ApiError(1002, `No such endpoint: ${c.req.method} ${base}`, 404);
  });

  const serveClient = createStaticClient(config.clientDistDir);
  app.get("*", (c) => serveClient(c));

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json(error.toBody(c.req.header("accept-language")), error.status as 400);
    }
    const traceId = c.get("traceId");
    logger.error({ traceId, err: error }, "unexpected error");
    return c.json(new ApiError(1005, `trace id ${traceId}`).toBody(), 500);
  });

  return app;
}
