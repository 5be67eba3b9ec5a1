import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { endpoints } from "../contract/api/index.ts";
import { achievementRoutes } from "./achievements/routes.ts";
import type { Auth } from "./auth.ts";
import { listProviders } from "./auth-providers.ts";
import { claimRoutes } from "./claims/routes.ts";
import { CodedError } from "./coded-error.ts";
import type { ServerConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/connect.ts";
import { feverRoutes } from "./fever/routes.ts";
import { greaderRoutes } from "./greader/routes.ts";
import { ApiError, statusOf } from "./http/api-error.ts";
import { bodyLimitByLength } from "./http/body-limit.ts";
import { readClientInfo } from "./http/client-info.ts";
import { originGuard } from "./http/origin-guard.ts";
import { createStaticClient } from "./http/static-client.ts";
import type { Logger } from "./logger.ts";
import { clientConnectOrigins, clientSettingsHtml } from "./observability/client-settings.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import {
  PUBLISHED_PATH,
  publishedFeedRoutes,
  publishedFeedServing,
} from "./published-feeds/routes.ts";
import { actionRoutes } from "./routes/actions.ts";
import { aiRoutes } from "./routes/ai.ts";
import { authRoutes } from "./routes/auth.ts";
import { categoryRoutes } from "./routes/categories.ts";
import { collectionRoutes } from "./routes/collections.ts";
import { discoverRoutes } from "./routes/discover.ts";
import { entryRoutes } from "./routes/entries.ts";
import { feedIconRoutes } from "./routes/feed-icons.ts";
import { feedRouteInstanceRoutes } from "./routes/feed-route-instances.ts";
import { feedRoutes } from "./routes/feeds.ts";
import { healthRoutes } from "./routes/health.ts";
import { highlightRoutes } from "./routes/highlights.ts";
import { inboxFileRoutes, inboxRoutes, inboxWebhookRoutes } from "./routes/inboxes.ts";
import { integrationRoutes } from "./routes/integrations.ts";
import { invitationRoutes } from "./routes/invitations.ts";
import { listRoutes } from "./routes/lists.ts";
import { profileRoutes } from "./routes/profiles.ts";
import { pushRoutes } from "./routes/push.ts";
import { readingPositionRoutes } from "./routes/reading-positions.ts";
import { readRoutes } from "./routes/reads.ts";
import { searchRoutes } from "./routes/search.ts";
import { settingsRoutes } from "./routes/settings.ts";
import { subscriptionRoutes } from "./routes/subscriptions.ts";
import { syncRoutes } from "./routes/sync.ts";
import { tagRoutes } from "./routes/tags.ts";
import { tokenRoutes } from "./routes/tokens.ts";
import { uploadRoutes } from "./routes/uploads.ts";
import { walletRoutes } from "./routes/wallet.ts";
import type { Services } from "./services/index.ts";
import { SyncHub } from "./sync/hub.ts";
import { setTokenRateLimit } from "./tokens/rate-limit.ts";
import { webSubRoutes } from "./websub/routes.ts";

type PermissionsPolicy = NonNullable<
  NonNullable<Parameters<typeof secureHeaders>[0]>["permissionsPolicy"]
>;

/** Video players embedded in entries (the CSP's frame-src): they may go full screen and play. */
const PLAYERS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/**
 * Browser features the pages may use: copying a link, media (own and embedded players); what
 * reaches a device, a payment or the user's whereabouts is off. Only features Chromium knows
 * (others it warns about on every page); the share sheet needs no entry (its default is 'self').
 */
const PERMISSIONS_POLICY: PermissionsPolicy = {
  clipboardWrite: ["self"],
  fullscreen: ["self", ...PLAYERS],
  autoplay: ["self", ...PLAYERS],
  pictureInPicture: ["self", ...PLAYERS],
  encryptedMedia: PLAYERS,
  clipboardRead: [],
  camera: [],
  microphone: [],
  geolocation: [],
  payment: [],
  usb: [],
  serial: [],
  hid: [],
  midi: [],
  displayCapture: [],
  accelerometer: [],
  gyroscope: [],
  magnetometer: [],
  idleDetection: [],
  screenWakeLock: [],
  xrSpatialTracking: [],
  publickeyCredentialsGet: [],
  identityCredentialsGet: [],
  otpCredentials: [],
  localFonts: [],
  browsingTopics: [],
};

export interface AppDeps {
  config: ServerConfig;
  database: DatabaseHandle;
  auth: Auth;
  logger: Logger;
  /** Built once, by services/index.ts. */
  services: Services;
  /** This process's live change streams (server/sync); a hub of its own when not given. */
  syncHub?: SyncHub;
  /** Told of every unexpected (uncoded) error: metrics and error reports (server/observability). */
  onUnexpectedError?: (error: Error, traceId: string, request: Request) => void;
}

/**
 * The whole HTTP surface, as one visible route table: API under the base path (each domain's
 * router mounted at its path), the built client everywhere else.
 */
export function createApp({
  config,
  database,
  auth,
  logger,
  services,
  syncHub,
  onUnexpectedError,
}: AppDeps) {
  const { fetcher } = services;
  const app = new Hono<{ Variables: { traceId: string } }>();
  const base = config.apiBasePath;

  app.use("*", async (c, next) => {
    const traceId = randomUUID();
    c.set("traceId", traceId);
    const started = performance.now();
    await next();
    // Set on the answer itself: `c.header` on a finished answer copies the whole Response.
    try {
      c.res.headers.set("x-trace-id", traceId);
    } catch {
      c.header("x-trace-id", traceId); // immutable headers (a fetched Response passed on)
    }
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
      // A handler's own header wins: files served back (avatars, mail attachments) carry a
      // stricter `sandbox` policy than the app's pages.
      overwrite: false,
      permissionsPolicy: PERMISSIONS_POLICY,
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:", "http:"],
        mediaSrc: ["'self'", "blob:", "https:", "http:"],
        connectSrc: ["'self'", ...clientConnectOrigins(config.observability)],
        frameSrc: ["https://www.youtube-nocookie.com", "https://player.vimeo.com"],
        workerSrc: ["'self'", "blob:"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: false,
    }),
  );

  // WebSub callbacks, before the CSRF guard: hubs post feed documents (not JSON), and no session
  // or cookie counts there (the path's secret id and the body's signature do). Own body limit.
  app.route(
    `${base}/websub`,
    webSubRoutes(database, logger, { maxBodyBytes: config.ingest.maxFeedBytes }),
  );

  // Reader apps' own door: app passwords in a header (no cookies), form bodies; before the
  // CSRF guard below, which is about cookies and refuses forms.
  // One budget per token (Bearer or app password), from the server's settings.
  setTokenRateLimit(database, config.rateLimit);
  app.route(`${base}/greader`, greaderRoutes({ database, services, config }));
  // Fever's door likewise: the api_key in a form body, no cookies.
  app.route(`${base}/fever`, feverRoutes({ database, icons: services.feedIconFiles }));

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

  const bodyLimit = bodyLimitByLength({
    maxSize: 1_000_000,
    // The unread rest of the body poisons a kept-alive socket: close it after answering.
    onError: (c) => {
      c.header("connection", "close");
      // An avatar over the limit says so in the upload's own words: "File too large" (14001).
      const code = c.req.path.endsWith("/uploads/avatar") ? 14001 : 1002;
      return c.json(new ApiError(code, "Request body too large", 413).toBody(), 413);
    },
  });
  // An OPML file goes up as a file, under its own larger limit (enforced as the body streams
  // in, before anything, the idempotency check included, reads it whole).
  const opmlFilePath = `${base}${endpoints.subscriptions.uploadOpml.path}`;
  const opmlLimit = bodyLimitByLength({
    maxSize: config.opml.maxBytes,
    onError: (c) => {
      c.header("connection", "close");
      const reason = `OPML files are read up to ${config.opml.maxBytes} bytes`;
      return c.json(new ApiError(14001, reason, 413).toBody(), 413);
    },
  });
  app.use(`${base}/*`, (c, next) =>
    c.req.path === opmlFilePath ? opmlLimit(c, next) : bodyLimit(c, next),
  );

  app.route(`${base}/health`, healthRoutes(database));
  const openApi = openApiRoutes({ basePath: base, publicUrl: config.publicUrl });
  app.route(`${base}${endpoints.openapi.document.path}`, openApi.documentRouter);
  app.route(`${base}${endpoints.openapi.reference.path}`, openApi.referenceRouter);
  app.route(
    `${base}/better-auth`,
    authRoutes(auth, { trustProxy: config.trustProxy, logger, providers: listProviders(config) }),
  );
  app.route(`${base}/profiles`, profileRoutes(auth, database));
  app.route(
    `${base}/subscriptions`,
    subscriptionRoutes(
      auth,
      database,
      services.subscriber,
      { importer: services.importer, config },
      config.trialLimits,
    ),
  );
  app.route(`${base}/categories`, categoryRoutes(auth, database));
  app.route(`${base}/lists`, listRoutes(auth, database, config.lists));
  app.route(`${base}/inboxes`, inboxRoutes(auth, database, config));
  app.route(`${base}/inbox-webhooks`, inboxWebhookRoutes(database));
  app.route(`${base}/inbox-files`, inboxFileRoutes(auth, database, config.dataDir));
  // Feed claims live under /feeds/claim: before the feed routes, which answer every /feeds path.
  app.route(`${base}/feeds`, claimRoutes(auth, database, fetcher));
  // Before the feed routes: an icon is a GET without their idempotency layer.
  app.route(`${base}/feeds`, feedIconRoutes(auth, database, services.feedIconFiles));
  app.route(`${base}/feeds`, feedRoutes(auth, database, fetcher, services.subscriber, logger));
  app.route(`${base}/entries`, entryRoutes(auth, database, services.readability));
  app.route(`${base}/reads`, readRoutes(auth, database));
  app.route(`${base}/collections`, collectionRoutes(auth, database));
  app.route(`${base}/highlights`, highlightRoutes(auth, database));
  app.route(`${base}/reading-positions`, readingPositionRoutes(auth, database));
  app.route(`${base}/tags`, tagRoutes(auth, database));
  app.route(`${base}/tokens`, tokenRoutes(auth, database));
  app.route(`${base}/published-feeds`, publishedFeedRoutes(auth, database));
  app.route(`${base}/wallets`, walletRoutes(auth, database, config));
  app.route(`${base}/achievements`, achievementRoutes(auth, database));
  app.route(`${base}/settings`, settingsRoutes(auth, database, services.secretBox));
  app.route(
    `${base}/integrations`,
    integrationRoutes(auth, database, fetcher, services.secretBox, config.integrations),
  );
  app.route(`${base}/invitations`, invitationRoutes(auth, database, config));
  app.route(`${base}/search`, searchRoutes(auth, database));
  app.route(
    `${base}/discover`,
    discoverRoutes(auth, database, {
      subscriber: services.subscriber,
      trending: services.trending,
      catalogues: services.catalogues,
    }),
  );
  app.route(
    `${base}/rsshub-instances`,
    feedRouteInstanceRoutes(auth, database, {
      fetcher,
      box: services.secretBox,
      catalogues: services.catalogues,
      serverInstance: services.catalogues.server.instance ?? undefined,
    }),
  );
  app.route(`${base}/actions`, actionRoutes(auth, database));
  app.route(`${base}/sync`, syncRoutes(auth, database, syncHub ?? new SyncHub(config.syncStream)));
  app.route(`${base}/push`, pushRoutes(auth, database, services.push));
  app.route(
    `${base}/ai`,
    aiRoutes(
      auth,
      database,
      {
        summaries: services.summaries,
        translations: services.translations,
        providers: services.providers,
        box: services.keyBox,
        speech: services.speech,
      },
      logger,
    ),
  );
  app.route(`${base}/uploads`, uploadRoutes(auth, database, services.avatars, { config, logger }));

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

  // Published timelines: readers fetch them with the secret in the URL, no session.
  app.route(PUBLISHED_PATH, publishedFeedServing(database, config.publicUrl));

  const serveClient = createStaticClient(config.clientDistDir, {
    headHtml: clientSettingsHtml(config.observability),
  });
  app.get("*", (c) => serveClient(c));

  app.onError((error, c) => {
    if (error instanceof CodedError) {
      return c.json(error.toBody(c.req.header("accept-language")), statusOf(error) as 400);
    }
    const traceId = c.get("traceId");
    logger.error({ traceId, err: error }, "unexpected error");
    onUnexpectedError?.(error, traceId, c.req.raw);
    return c.json(new ApiError(1005, `trace id ${traceId}`).toBody(), 500);
  });

  return app;
}
