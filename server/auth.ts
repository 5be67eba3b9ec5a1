import { betterAuth } from "better-auth";
import { customSession, twoFactor } from "better-auth/plugins";
import { createIdGenerator } from "../contract/ids.ts";
import type { Role, SessionResponse } from "../contract/session.ts";
import type { ServerConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/connect.ts";
import type { Logger } from "./logger.ts";

/** The header we write the peer address into; better-auth's rate limiter keys on it. */
export const CLIENT_IP_HEADER = "x-follow-client-ip";

export interface AuthOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  logger: Logger;
  baseUrl: string;
  secret: string;
}

export function createAuth({ config, database, logger, baseUrl, secret }: AuthOptions) {
  // Users, sessions and accounts get snowflake ids like every other entity (SPEC §5); a random
  // worker number keeps several server processes on one PostgreSQL apart.
  const nextId = createIdGenerator({ worker: Math.floor(Math.random() * 1024) });
  const secure = baseUrl.startsWith("https://");
  const { windowSeconds, max, authMax } = config.rateLimit;
  const authRule = { window: windowSeconds, max: authMax };
  return betterAuth({
    appName: "Follow",
    baseURL: baseUrl,
    basePath: `${config.apiBasePath}/better-auth`,
    secret,
    database: { db: database.db, type: database.dialect },
    trustedOrigins: [new URL(baseUrl).origin, ...config.trustedOrigins],
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    user: {
      additionalFields: {
        handle: { type: "string", required: false, input: false },
        role: { type: "string", required: false, input: false, defaultValue: "user" },
      },
    },
    session: {
      expiresIn: config.sessionMaxAgeSeconds,
      updateAge: Math.min(86_400, config.sessionMaxAgeSeconds),
      // A signed 5-minute cache in a cookie spares the database a session lookup per request
      // (get-session went from ~300 to far more req/s); revocation elsewhere lags by at most that.
      cookieCache: { enabled: true, maxAge: 300 },
    },
    rateLimit: {
      // better-auth only rate-limits in production by default; we want it everywhere.
      enabled: config.rateLimit.enabled,
      window: windowSeconds,
      max,
      // Stored in the database so several server processes share one budget.
      storage: "database",
      customRules: {
        "/sign-in/email": authRule,
        "/sign-up/email": authRule,
        "/two-factor/*": authRule,
        "/change-password": authRule,
        "/get-session": false,
      },
    },
    advanced: {
      useSecureCookies: secure,
      // better-auth skips origin/CSRF checks under a test runner; we want tests to see prod rules.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => nextId() },
    },
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ scope: "better-auth", args }, message);
      },
    },
    plugins: [
      twoFactor({ issuer: "Follow" }),
      customSession(async ({ user, session }) => {
        const body: NonNullable<SessionResponse> = {
          user: {
            id: user.id,
            email: user.email,
            name: user.name,
            image: user.image ?? null,
            handle: (user as { handle?: string | null }).handle ?? null,
            emailVerified: Boolean(user.emailVerified),
            twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean }).twoFactorEnabled),
            createdAt: new Date(user.createdAt).toISOString(),
            updatedAt: new Date(user.updatedAt).toISOString(),
          },
          role: roleOf(user as { role?: string | null; email: string }, config.adminEmails),
          session: { id: session.id, expiresAt: new Date(session.expiresAt).toISOString() },
        };
        return body;
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

function roleOf(user: { role?: string | null; email: string }, adminEmails: string[]): Role {
  if (adminEmails.includes(user.email.toLowerCase())) return "admin";
  return user.role === "trial" || user.role === "admin" ? user.role : "user";
}
