import { availableParallelism } from "node:os";
import { COOKIE_MAX_AGE_CAP_SECONDS } from "../contract/constants.ts";

/** Ingestion worker threads by default: one per core but one (the event loop's), at least one. */
export const DEFAULT_POOL_SIZE = Math.max(1, availableParallelism() - 1);

/** The fixed hosts of the hosted services; tests point them at fakes on 127.0.0.1. */
export interface ServiceBases {
  readwise: string;
  instapaper: string;
  zotero: string;
}

export const DEFAULT_SERVICE_BASES: ServiceBases = {
  readwise: "https://readwise.io",
  instapaper: "https://www.instapaper.com",
  zotero: "https://api.zotero.org",
};

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Garage…). */
export interface S3BucketConfig {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO and most self-hosted stores) or `bucket.endpoint/key`. */
  pathStyle: boolean;
  /** Prepended to every key, e.g. "follow/". */
  prefix: string;
}

/** Server configuration, read once from the environment and validated at start. */
export interface ServerConfig {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** The origin users reach the app at; undefined means "the address we listen on". */
  publicUrl: string | undefined;
  apiBasePath: string;
  dataDir: string;
  databasePath: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  authSecret: string | undefined;
  trustedOrigins: string[];
  trustProxy: boolean;
  sessionMaxAgeSeconds: number;
  rateLimit: {
    enabled: boolean;
    windowSeconds: number;
    max: number;
    authMax: number;
    /** Requests per minute of one access token or app password (in each process). */
    tokenMax: number;
  };
  adminEmails: string[];
  clientDistDir: string;
  ingest: {
    /** Run the feed scheduler inside this process (off for API-only processes). */
    scheduler: boolean;
    pollSeconds: number;
    batchSize: number;
    concurrency: number;
    /** Private/loopback networks the fetcher may reach: false, true, or CIDR ranges. */
    allowPrivateNetworks: boolean | string[];
    fetchTimeoutSeconds: number;
    maxFeedBytes: number;
    feedRouteBaseUrl: string | undefined;
    /** Worker threads that parse and sanitize fetched feeds, off the HTTP event loop. */
    workers: number;
    /** Keep each feed's site icon (server/icons/feed-icons.ts). Off under NODE_ENV=test unless
     * asked: test feeds name sites that are not on loopback. */
    feedIcons: boolean;
    /** Operator bounds on a healthy feed's interval between checks (server/jobs/schedule.ts). */
    minIntervalMs: number;
    maxIntervalMs: number;
    /** Per host, across every process sharing the database: fetches at once, and per window. */
    hostConcurrency: number;
    hostPerMinute: number;
    /** The window of `hostPerMinute` (a minute; tests shorten it). */
    hostWindowMs: number;
    /** WebSub: ask a feed's hub to push (needs PUBLIC_URL reachable by the hub). */
    websub: boolean;
  };
  /** The live change stream (GET /sync/stream, server/sync). */
  syncStream: {
    /** Between `: ping` comments on every open stream (keeps proxies from closing it). */
    heartbeatMs: number;
    /** Open streams this process holds at most; more are refused with 503 until some close. */
    maxConnections: number;
    /** Open streams of one user; past it their oldest is closed. */
    maxPerUser: number;
    /** How often an open stream's session is checked again (signed out, revoked, deleted). */
    recheckMs: number;
  };
  /** Idempotent writes (server/http/idempotency.ts). */
  idempotency: {
    /** This API process's name, the same across its restarts; default "host:port". */
    instanceId: string | undefined;
    /** How long a write's key stays "still running" without an answer. */
    leaseSeconds: number;
    /** NODE_ENV=test only: `after:/api/collections` holds such writes until the test kills us. */
    testHold: { phase: "before" | "after"; path: string } | undefined;
  };
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Outgoing mail: SMTP when `smtpUrl` is set, otherwise .eml files under DATA_DIR/mail. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Social sign-in, each provider on when its client id and secret are set. */
  oauth: {
    github: OAuthClient | undefined;
    google: OAuthClient | undefined;
    /** Any OpenID Connect provider, found through its issuer's discovery document. */
    oidc: (OAuthClient & { issuer: string; name: string }) | undefined;
  };
  /** Uploaded avatars: where they are kept and how large one may be (codes 14000-14002). */
  uploads: { dir: string; avatarMaxBytes: number; s3: S3BucketConfig | undefined };
  /** Who may create an account: anyone, anyone (as a trial user until a code), or nobody. */
  registrationMode: "open" | "invitation" | "closed";
  /** What a trial user may have (codes 1100-1102). */
  trialLimits: { feeds: number; lists: number; inboxes: number };
  /** Who may create invitation codes, and how many (codes 5000-5003). */
  invitations: { perUser: number; minAccountAgeDays: number; minSubscriptions: number };
  /** OPML import: no cap on feeds beyond `maxSubscriptionsPerUser`. */
  opml: {
    /** The largest OPML text read from a JSON body, in characters. */
    maxChars: number;
    /** The largest OPML file uploaded as a file, in bytes. */
    maxBytes: number;
    /** Feeds one import subscribes to at the same time (the per-host limit still applies). */
    importConcurrency: number;
    /** Requests to one host at a time during imports. */
    importPerHost: number;
  };
  /** Feed subscriptions one person may hold; undefined means no limit. */
  maxSubscriptionsPerUser: number | undefined;
  /** Lists one person may own, and feeds one list may hold. */
  lists: { listsPerUser: number; feedsPerList: number };
  /** POWER (amounts in the smallest unit, 18 decimals, as decimal strings). */
  wallet: {
    /** Shared by the day's claims: each gets pool / (5 x wallets) x their multiplier. */
    dailyPool: string;
    /** What a new invitation code costs ("0": free). */
    invitationPrice: string;
    /** The amounts a boost may be. */
    boostLevels: string[];
    /** Tips and withdrawals above this need the second factor when it is on ("0": never). */
    twoFactorThreshold: string;
  };
  /** Seconds between trending rankings (0: computed per request). */
  trendingRefreshSeconds: number;
  /** The operator's OpenAI-compatible chat-completions provider; none: extractive only. */
  ai: AiConfig;
  /** Where the hosted save-to services are (tests point them at fakes on 127.0.0.1). */
  integrations: { readwise: string; instapaper: string; zotero: string };
  inboxes: {
    perUser: number;
    /** E-mail intake: off unless INBOX_SMTP_PORT is set (0 picks a free port, for tests). */
    smtpPort: number | undefined;
    smtpHost: string;
    emailDomain: string | undefined;
    maxMessageBytes: number;
  };
  /** Web Push: VAPID keys from the environment, else generated into DATA_DIR on first start. */
  push: {
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    subject: string;
  };
  /** Signs webhook bodies (HMAC-SHA256); default: derived from the auth secret. */
  webhookSecret: string | undefined;
  /** Metrics, error reports, analytics: all off unless configured. */
  observability: ObservabilityConfig;
}

/** Everything an operator may point elsewhere; all of it unset (nothing sent) by default. */
export interface ObservabilityConfig {
  /** GET /metrics: with a Bearer token on the main listener, or on an operator-only address. */
  metrics: { token: string | undefined; listen: string | undefined };
  /** A Sentry-compatible endpoint (Sentry, GlitchTip); reports only with both set. */
  errors: { dsn: string | undefined; release: string | undefined; environment: string };
  /** A PostHog-compatible host for product events; sent only with both set. */
  analytics: { host: string | undefined; key: string | undefined };
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface AiConfig {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama); unset: no provider. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  timeoutSeconds: number;
  /** Retries after a 429/5xx or a dropped connection, with exponential backoff. */
  maxRetries: number;
  /** The article text sent is trimmed to about this many tokens. */
  maxInputTokens: number;
  /** How often due daily reports are looked for, in seconds; 0: only on demand (tests). */
  dailyReportCheckSeconds: number;
  /** An OpenAI-compatible text-to-speech endpoint ({baseUrl}/audio/speech); none: the browser's. */
  speech: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    voice: string;
    /** Characters of an entry read aloud at most (each costs the operator). */
    maxChars: number;
    /** Where entries' audio is kept for replays, and how much of it at most (0: none kept). */
    cacheDir: string;
    cacheBytes: number;
    /**
     * The local engine read with when no endpoint is set: a command taking text on stdin and
     * writing WAV on stdout (espeak-ng); undefined: none. Off under NODE_ENV=test unless set.
     */
    local: { command: string | undefined; voice: string; timeoutSeconds: number };
  };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Parses the environment; collects every problem instead of stopping at the first. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === "" ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
      return fallback;
    }
    return n;
  };
  /** "90", "90s", "15m", "2h", "1d": a duration in seconds (bare) or with its unit. */
  const duration = (name: string, fallbackMs: number, minMs: number, maxMs: number) => {
    const raw = read(name);
    if (raw === undefined) return fallbackMs;
    const match = /^(\d+)\s*(s|m|h|d)?$/i.exec(raw);
    const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
    const ms = match
      ? Number(match[1]) * unit[(match[2]?.toLowerCase() ?? "s") as keyof typeof unit]
      : Number.NaN;
    if (!(ms >= minMs && ms <= maxMs)) {
      problems.push(
        `${name} must be a duration like 300, 5m, 2h or 1d within bounds, got "${raw}"`,
      );
      return fallbackMs;
    }
    return ms;
  };
  const bool = (name: string, fallback: boolean) => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (["1", "true", "yes", "on"].includes(raw)) return true;
    if (["0", "false", "no", "off"].includes(raw)) return false;
    problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  };
  const url = (name: string, protocols: string[]) => {
    const raw = read(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must use ${protocols.join(" or ")}, got "${parsed.protocol}"`);
      }
      return raw;
    } catch {
      problems.push(`${name} must be a valid URL, got "${raw}"`);
      return undefined;
    }
  };

  /** "127.0.0.1:9464", "[::1]:9464" or ":9464" (every address). */
  const hostPort = (name: string) => {
    const raw = read(name);
    if (raw !== undefined && !/^(\[[^\]]+\]|[^:[\]]*):\d{1,5}$/.test(raw)) {
      problems.push(`${name} must be host:port, got "${raw}"`);
      return undefined;
    }
    return raw;
  };

  const nodeEnvRaw = read("NODE_ENV") ?? "development";
  const nodeEnv = (["development", "production", "test"] as const).find((e) => e === nodeEnvRaw);
  if (!nodeEnv)
    problems.push(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}"`);

  const apiBasePath = read("API_BASE_PATH") ?? "/api";
  if (!/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/.test(apiBasePath)) {
    problems.push(`API_BASE_PATH must start with "/" and not end with "/", got "${apiBasePath}"`);
  }

  const publicUrl = url("PUBLIC_URL", ["http:", "https:"])?.replace(/\/$/, "");
  const databaseUrl = url("DATABASE_URL", ["postgres:", "postgresql:"]);
  const dataDir = read("DATA_DIR") ?? "./data";

  const authSecret = read("AUTH_SECRET") ?? read("BETTER_AUTH_SECRET");
  if (authSecret !== undefined && authSecret.length < 32) {
    problems.push("AUTH_SECRET must be at least 32 characters long");
  }
  if (authSecret === undefined && nodeEnv === "production") {
    problems.push("AUTH_SECRET is required when NODE_ENV=production (32+ random characters)");
  }

  const trustedOrigins: string[] = [];
  for (const origin of (read("TRUSTED_ORIGINS") ?? "").split(",").map((o) => o.trim())) {
    if (!origin) continue;
    try {
      trustedOrigins.push(new URL(origin).origin);
    } catch {
      problems.push(
        `TRUSTED_ORIGINS entries must be origins like https://example.com, got "${origin}"`,
      );
    }
  }

  const sessionDays = int("SESSION_MAX_AGE_DAYS", 30, 1, COOKIE_MAX_AGE_CAP_SECONDS / 86_400);
  const logLevelRaw = read("LOG_LEVEL") ?? (nodeEnv === "test" ? "warn" : "info");
  const logLevel = LOG_LEVELS.find((l) => l === logLevelRaw);
  if (!logLevel)
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${logLevelRaw}"`);

  const privateRaw = read("FETCH_ALLOW_PRIVATE_NETWORKS")?.toLowerCase();
  let allowPrivateNetworks: boolean | string[] = false;
  if (privateRaw === "true" || privateRaw === "1") allowPrivateNetworks = true;
  else if (privateRaw && privateRaw !== "false" && privateRaw !== "0") {
    allowPrivateNetworks = privateRaw
      .split(",")
      .map((r) => r.trim())
      .filter(Boolean);
    for (const range of allowPrivateNetworks) {
      if (!/^[0-9a-f:.]+\/\d{1,3}$/i.test(range)) {
        problems.push(
          `FETCH_ALLOW_PRIVATE_NETWORKS must be true, false or CIDR ranges like 10.0.0.0/8, got "${range}"`,
        );
      }
    }
  }

  const fetchTimeoutSeconds = int("FETCH_TIMEOUT_SECONDS", 30, 1, 600);
  // A subscribe fetches a page and then its feed inside the write: the lease outlasts both.
  const leaseSeconds = int(
    "IDEMPOTENCY_LEASE_SECONDS",
    Math.max(60, 4 * fetchTimeoutSeconds),
    1,
    86_400,
  );
  if (leaseSeconds <= 2 * fetchTimeoutSeconds) {
    problems.push(
      `IDEMPOTENCY_LEASE_SECONDS must be more than twice FETCH_TIMEOUT_SECONDS (${fetchTimeoutSeconds}), got ${leaseSeconds}`,
    );
  }
  const testHoldRaw = read("TEST_HOLD_WRITES");
  const testHoldMatch = testHoldRaw ? /^(before|after):(\/\S*)$/.exec(testHoldRaw) : null;
  if (testHoldRaw && (!testHoldMatch || nodeEnv !== "test")) {
    problems.push(
      `TEST_HOLD_WRITES is for tests (NODE_ENV=test, "after:/api/path"), got "${testHoldRaw}"`,
    );
  }

  const oauthClient = (prefix: string): OAuthClient | undefined => {
    const clientId = read(`${prefix}_CLIENT_ID`);
    const clientSecret = read(`${prefix}_CLIENT_SECRET`);
    if (!clientId && !clientSecret) return undefined;
    if (!clientId || !clientSecret) {
      problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
      return undefined;
    }
    return { clientId, clientSecret };
  };
  const s3Bucket = (): S3BucketConfig | undefined => {
    const endpoint = url("S3_ENDPOINT", ["http:", "https:"]);
    const bucket = read("S3_BUCKET");
    const accessKeyId = read("S3_ACCESS_KEY_ID");
    const secretAccessKey = read("S3_SECRET_ACCESS_KEY");
    if (!endpoint && !bucket && !accessKeyId && !secretAccessKey) return undefined;
    if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
      problems.push(
        "S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
      );
      return undefined;
    }
    return {
      endpoint,
      bucket,
      accessKeyId,
      secretAccessKey,
      region: read("S3_REGION") ?? "us-east-1",
      pathStyle: bool("S3_PATH_STYLE", true),
      prefix: read("S3_PREFIX") ?? "",
    };
  };
  const oidcClient = oauthClient("OIDC");
  const oidcIssuer = url("OIDC_ISSUER", ["http:", "https:"])?.replace(/\/$/, "");
  if (Boolean(oidcClient) !== Boolean(oidcIssuer)) {
    problems.push("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together");
  }

  const registrationRaw = (read("REGISTRATION_MODE") ?? "open").toLowerCase();
  const registrationMode = (["open", "invitation", "closed"] as const).find(
    (m) => m === registrationRaw,
  );
  if (!registrationMode) {
    problems.push(`REGISTRATION_MODE must be open, invitation or closed, got "${registrationRaw}"`);
  }

  const config: ServerConfig = {
    nodeEnv: nodeEnv ?? "development",
    host: read("HOST") ?? "127.0.0.1",
    port: int("PORT", 3000, 0, 65_535),
    publicUrl,
    apiBasePath,
    dataDir,
    databasePath: read("DATABASE_PATH") ?? `${dataDir}/follow.sqlite`,
    databaseUrl,
    databasePoolMax: int("DATABASE_POOL_MAX", 10, 1, 1_000),
    authSecret,
    trustedOrigins,
    trustProxy: bool("TRUST_PROXY", false),
    sessionMaxAgeSeconds: sessionDays * 86_400,
    rateLimit: {
      enabled: bool("RATE_LIMIT", true),
      windowSeconds: int("RATE_LIMIT_WINDOW_SECONDS", 60, 1, 86_400),
      max: int("RATE_LIMIT_MAX", 300, 1, 1_000_000),
      authMax: int("AUTH_RATE_LIMIT_MAX", 10, 1, 1_000_000),
      tokenMax: int("TOKEN_RATE_LIMIT_MAX", 600, 1, 1_000_000),
    },
    adminEmails: (read("ADMIN_EMAILS") ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    clientDistDir: read("CLIENT_DIST_DIR") ?? "./dist/client",
    ingest: {
      scheduler: bool("INGEST_SCHEDULER", true),
      pollSeconds: int("INGEST_POLL_SECONDS", 30, 1, 3_600),
      batchSize: int("INGEST_BATCH_SIZE", 100, 1, 1_000),
      concurrency: int("INGEST_CONCURRENCY", 4, 1, 64),
      allowPrivateNetworks,
      fetchTimeoutSeconds,
      maxFeedBytes: int("FETCH_MAX_BYTES", 10 * 1024 * 1024, 1024, 200 * 1024 * 1024),
      feedRouteBaseUrl: url("FEED_ROUTE_BASE_URL", ["http:", "https:"])?.replace(/\/$/, ""),
      workers: int("INGEST_WORKERS", DEFAULT_POOL_SIZE, 1, 64),
      feedIcons: bool("FEED_ICONS", nodeEnv !== "test"),
      minIntervalMs: duration("INGEST_MIN_INTERVAL", 5 * 60_000, 1_000, 7 * 86_400_000),
      maxIntervalMs: duration("INGEST_MAX_INTERVAL", 86_400_000, 60_000, 30 * 86_400_000),
      hostConcurrency: int("INGEST_HOST_CONCURRENCY", 2, 1, 64),
      hostPerMinute: int("INGEST_HOST_PER_MINUTE", 60, 1, 100_000),
      hostWindowMs: int("INGEST_HOST_WINDOW_MS", 60_000, 100, 3_600_000),
      websub: bool("WEBSUB", true),
    },
    syncStream: {
      heartbeatMs: int("SYNC_STREAM_HEARTBEAT_MS", 15_000, 10, 600_000),
      maxConnections: int("SYNC_STREAM_MAX_CONNECTIONS", 10_000, 1, 1_000_000),
      maxPerUser: int("SYNC_STREAM_MAX_PER_USER", 20, 1, 1_000),
      recheckMs: int("SYNC_STREAM_RECHECK_MS", 60_000, 100, 3_600_000),
    },
    idempotency: {
      instanceId: read("INSTANCE_ID"),
      leaseSeconds,
      testHold:
        testHoldMatch && nodeEnv === "test"
          ? { phase: testHoldMatch[1] as "before" | "after", path: testHoldMatch[2]! }
          : undefined,
    },
    logLevel: logLevel ?? "info",
    mail: {
      smtpUrl: url("SMTP_URL", ["smtp:", "smtps:"]),
      from:
        read("MAIL_FROM") ??
        `Follow <no-reply@${publicUrl ? new URL(publicUrl).hostname : "localhost"}>`,
    },
    uploads: {
      dir: read("UPLOADS_DIR") ?? `${dataDir}/uploads`,
      // Under the API's 1 MB body limit.
      avatarMaxBytes: int("AVATAR_MAX_BYTES", 512 * 1024, 1024, 1_000_000),
      s3: s3Bucket(),
    },
    registrationMode: registrationMode ?? "open",
    trialLimits: {
      feeds: int("TRIAL_MAX_FEEDS", 10, 0, 100_000),
      lists: int("TRIAL_MAX_LISTS", 2, 0, 100_000),
      inboxes: int("TRIAL_MAX_INBOXES", 1, 0, 100_000),
    },
    invitations: {
      perUser: int("INVITATION_LIMIT", 5, 0, 100_000),
      minAccountAgeDays: int("INVITATION_MIN_ACCOUNT_AGE_DAYS", 0, 0, 3_650),
      minSubscriptions: int("INVITATION_MIN_SUBSCRIPTIONS", 0, 0, 100_000),
    },
    oauth: {
      github: oauthClient("GITHUB"),
      google: oauthClient("GOOGLE"),
      oidc:
        oidcClient && oidcIssuer
          ? { ...oidcClient, issuer: oidcIssuer, name: read("OIDC_NAME") ?? "OpenID Connect" }
          : undefined,
    },
    opml: {
      maxChars: int("OPML_MAX_CHARS", 900_000, 1_000, 900_000),
      maxBytes: int("OPML_MAX_BYTES", 16 * 1024 * 1024, 1_000, 256 * 1024 * 1024),
      importConcurrency: int("OPML_IMPORT_CONCURRENCY", 16, 1, 256),
      importPerHost: int("OPML_IMPORT_PER_HOST", 2, 1, 64),
    },
    trendingRefreshSeconds: int("TRENDING_REFRESH_SECONDS", 900, 0, 86_400),
    wallet: {
      dailyPool: power(read("WALLET_DAILY_POOL") ?? "10000", "WALLET_DAILY_POOL"),
      invitationPrice: power(read("WALLET_INVITATION_PRICE") ?? "0", "WALLET_INVITATION_PRICE"),
      boostLevels: (read("WALLET_BOOST_LEVELS") ?? "10,50,100,500")
        .split(",")
        .map((level) => power(level.trim(), "WALLET_BOOST_LEVELS")),
      twoFactorThreshold: power(
        read("WALLET_TWO_FACTOR_THRESHOLD") ?? "0",
        "WALLET_TWO_FACTOR_THRESHOLD",
      ),
    },
    lists: {
      listsPerUser: int("MAX_LISTS_PER_USER", 100, 0, 1_000_000),
      feedsPerList: int("MAX_FEEDS_PER_LIST", 1_000, 1, 1_000_000),
    },
    inboxes: {
      perUser: int("MAX_INBOXES_PER_USER", 10, 0, 1_000_000),
      smtpPort: read("INBOX_SMTP_PORT") ? int("INBOX_SMTP_PORT", 0, 0, 65_535) : undefined,
      smtpHost: read("INBOX_SMTP_HOST") ?? read("HOST") ?? "127.0.0.1",
      emailDomain: read("INBOX_EMAIL_DOMAIN")?.toLowerCase(),
      maxMessageBytes: int("INBOX_MAX_MESSAGE_BYTES", 2 * 1024 * 1024, 1024, 50 * 1024 * 1024),
    },
    maxSubscriptionsPerUser: read("MAX_SUBSCRIPTIONS_PER_USER")
      ? int("MAX_SUBSCRIPTIONS_PER_USER", 0, 1, 10_000_000)
      : undefined,
    push: {
      vapidPublicKey: read("VAPID_PUBLIC_KEY"),
      vapidPrivateKey: read("VAPID_PRIVATE_KEY"),
      subject: read("VAPID_SUBJECT") ?? "mailto:admin@localhost",
    },
    webhookSecret: read("WEBHOOK_SECRET"),
    observability: {
      metrics: { token: read("METRICS_TOKEN"), listen: hostPort("METRICS_LISTEN") },
      errors: {
        dsn: url("SENTRY_DSN", ["http:", "https:"]),
        release: read("SENTRY_RELEASE"),
        environment: read("SENTRY_ENVIRONMENT") ?? "stable",
      },
      analytics: {
        host: url("ANALYTICS_HOST", ["http:", "https:"])?.replace(/\/$/, ""),
        key: read("ANALYTICS_KEY"),
      },
    },
    ai: {
      baseUrl: url("AI_BASE_URL", ["http:", "https:"])?.replace(/\/$/, ""),
      apiKey: read("AI_API_KEY"),
      model: read("AI_MODEL") ?? "gpt-4o-mini",
      timeoutSeconds: int("AI_TIMEOUT_SECONDS", 60, 1, 600),
      maxRetries: int("AI_MAX_RETRIES", 2, 0, 10),
      maxInputTokens: int("AI_MAX_INPUT_TOKENS", 6_000, 100, 1_000_000),
      dailyReportCheckSeconds: int("DAILY_REPORT_CHECK_SECONDS", 60, 0, 86_400),
      speech: {
        baseUrl: url("AI_SPEECH_BASE_URL", ["http:", "https:"])?.replace(/\/$/, ""),
        apiKey: read("AI_SPEECH_API_KEY") ?? read("AI_API_KEY"),
        model: read("AI_SPEECH_MODEL") ?? "tts-1",
        voice: read("AI_SPEECH_VOICE") ?? "alloy",
        maxChars: int("AI_SPEECH_MAX_CHARS", 20_000, 100, 1_000_000),
        cacheDir: read("AI_SPEECH_CACHE_DIR") ?? `${dataDir}/speech-cache`,
        cacheBytes: int("AI_SPEECH_CACHE_BYTES", 256 * 1024 * 1024, 0, Number.MAX_SAFE_INTEGER),
        local: {
          command: localSpeechCommand(
            read("AI_SPEECH_LOCAL") ?? (nodeEnv === "test" ? "off" : "espeak-ng"),
          ),
          voice: read("AI_SPEECH_LOCAL_VOICE") ?? "en",
          timeoutSeconds: int("AI_SPEECH_LOCAL_TIMEOUT_SECONDS", 120, 1, 3600),
        },
      },
    },
    integrations: {
      readwise:
        url("READWISE_API_URL", ["http:", "https:"])?.replace(/\/$/, "") ??
        DEFAULT_SERVICE_BASES.readwise,
      instapaper:
        url("INSTAPAPER_API_URL", ["http:", "https:"])?.replace(/\/$/, "") ??
        DEFAULT_SERVICE_BASES.instapaper,
      zotero:
        url("ZOTERO_API_URL", ["http:", "https:"])?.replace(/\/$/, "") ??
        DEFAULT_SERVICE_BASES.zotero,
    },
  };
  if (config.inboxes.smtpPort !== undefined && !config.inboxes.emailDomain) {
    problems.push("INBOX_EMAIL_DOMAIN is required when INBOX_SMTP_PORT is set");
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** For entry points: the validated configuration, or the problems on stderr and exit 78. */
export function loadConfigOrExit(env: Env = process.env): ServerConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
}

/** Whole POWER ("12" or "0.5") to the smallest unit (18 decimals), as a decimal string. */
function power(text: string, name: string): string {
  const match = /^(\d{1,18})(?:\.(\d{1,18}))?$/.exec(text);
  if (!match) throw new Error(`${name} must be an amount of POWER like 10 or 0.5`);
  return (
    BigInt(match[1] ?? "0") * 10n ** 18n +
    BigInt((match[2] ?? "").padEnd(18, "0") || "0")
  ).toString();
}

/** `off` (or empty): no local speech engine; else the command run (espeak-ng, a path to it). */
function localSpeechCommand(value: string): string | undefined {
  return value === "off" || value === "" ? undefined : value;
}
