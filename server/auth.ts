import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { customSession, twoFactor } from "better-auth/plugins";
import { createIdGenerator } from "../contract/ids.ts";
import { MIN_PASSWORD_LENGTH } from "../contract/password-rules.ts";
import type { SessionResponse } from "../contract/session.ts";
import { checkAccountRules } from "./accounts/account-rules.ts";
import {
  AuthInputError,
  checkAuthInput,
  NEW_PASSWORD_FIELDS,
} from "./accounts/auth-input-rules.ts";
import { passwordRefusal } from "./accounts/common-passwords.ts";
import { applyProfileRules } from "./accounts/profile-rules.ts";
import { isAdminAddress, roleOf, sessionVersion } from "./accounts/session-role.ts";
import { oauthPlugins, socialProviders } from "./auth-providers.ts";
import type { ServerConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/connect.ts";
import { deleteUserRows } from "./db/delete-user-rows.ts";
import type { Logger } from "./logger.ts";
import { createAccountMail } from "./mail/account-mail.ts";
import { claimToken, readTokenClaims } from "./mail/single-use.ts";
import { createMailer, type Mailer } from "./mail/transport.ts";
import { createAvatarStore } from "./uploads/avatar-store.ts";

/** The header we write the peer address into; better-auth's rate limiter keys on it. */
export const CLIENT_IP_HEADER = "x-follow-client-ip";

export interface AuthOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  logger: Logger;
  baseUrl: string;
  secret: string;
  /** Where account mails go; by default from the configuration (SMTP or .eml files). */
  mailer?: Mailer;
}

/** How long the links in account mails live. */
const VERIFY_LINK_SECONDS = 24 * 3600;
const RESET_LINK_SECONDS = 3600;

export function createAuth({ config, database, logger, baseUrl, secret, mailer }: AuthOptions) {
  const mail = createAccountMail(
    mailer ??
      createMailer({
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        dataDir: config.dataDir,
        logger,
      }),
    logger,
  );
  // Users, sessions and accounts get snowflake ids like every other entity (contract/ids.ts); a random
  // worker number keeps several server processes on one PostgreSQL apart.
  const nextId = createIdGenerator({ worker: Math.floor(Math.random() * 1024) });
  const secure = baseUrl.startsWith("https://");
  const { windowSeconds, max, authMax } = config.rateLimit;
  const authRule = { window: windowSeconds, max: authMax };
  // REGISTRATION_MODE=invitation: a new account starts on trial, but admins (ADMIN_EMAILS,
  // verified: a provider may vouch for the address) hand out the first codes. An unverified one
  // is lifted on verifying (the update hook below).
  const roleAtSignUp = (user: { email: string; emailVerified?: unknown }) =>
    config.registrationMode === "invitation" && !isAdminAddress(user, config.adminEmails)
      ? "trial"
      : "user";
  return betterAuth({
    appName: "Follow",
    baseURL: baseUrl,
    basePath: `${config.apiBasePath}/better-auth`,
    secret,
    database: { db: database.db, type: database.dialect },
    trustedOrigins: [new URL(baseUrl).origin, ...config.trustedOrigins],
    emailAndPassword: {
      enabled: true,
      // Sign-up answers the same (200, a user) and takes as long whether the address was new or
      // already had an account, so it never signs in: the client signs in next. An address that
      // had an account gets a mail saying someone tried and how to sign in.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }, request) =>
        mail.signUpExisting(user, `${new URL(baseUrl).origin}/login`, request),
      // The stand-in user of that answer looks like a new one, trial role included.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        ...additionalFields,
        role: roleAtSignUp(coreFields),
        id,
      }),
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // Someone who needed a reset may have lost the password to someone else.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) =>
        mail.resetPassword(user, url, RESET_LINK_SECONDS / 3600, request),
    },
    socialProviders: socialProviders(config),
    // Linking: a provider account joins the signed-in user; never the last way to sign in.
    // A provider account may carry another address than the user (a GitHub login often does).
    account: {
      accountLinking: { enabled: true, allowUnlinkingAll: false, allowDifferentEmails: true },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_LINK_SECONDS,
      // Also the second step of an e-mail change: then the token names the address to confirm.
      sendVerificationEmail: async ({ user, url, token }, request) => {
        const claims = readTokenClaims(token);
        const hours = VERIFY_LINK_SECONDS / 3600;
        if (typeof claims.updateTo === "string") {
          mail.changeEmailVerify(user, claims.updateTo, url, hours, request);
          if (typeof claims.email === "string") {
            mail.changeEmailNotice({ ...user, email: claims.email }, claims.updateTo, request);
          }
        } else mail.verifyEmail(user, url, hours, request);
      },
    },
    user: {
      additionalFields: {
        // The profile: checked in accounts/auth-input-rules.ts and profile-rules.ts.
        handle: { type: "string", required: false, input: true },
        bio: { type: "string", required: false, input: true },
        website: { type: "string", required: false, input: true },
        socialLinks: { type: "json", required: false, input: true },
        role: { type: "string", required: false, input: false, defaultValue: "user" },
      },
      // The new address gets the confirmation link; the current one is told (see above).
      changeEmail: { enabled: true },
      // With the password (and the TOTP code when on: accounts/account-rules.ts); owned rows go
      // with the user row (foreign keys and deleteOwnedRows).
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          await deleteUserRows(database.db, user.id);
          const avatar = /\/uploads\/avatars\/([^/]+)$/.exec(user.image ?? "")?.[1];
          if (avatar) await createAvatarStore(config.uploads).remove(user.id, avatar);
        },
        afterDelete: async (user, request) => mail.accountDeleted(user, request),
      },
    },
    session: {
      expiresIn: config.sessionMaxAgeSeconds,
      updateAge: Math.min(86_400, config.sessionMaxAgeSeconds),
      // A signed 5-minute cache in a cookie spares better-auth its session and user reads per
      // request (get-session went from ~300 to far more req/s). Its version is checked on every
      // use: a session row that is gone (sign-out, password change, revocation) changes it, so
      // better-auth drops the cache and reads the database, and a copied cookie stops at once.
      cookieCache: {
        enabled: true,
        maxAge: 300,
        // The role is part of it: an invitation code that ends a trial shows at once.
        version: async (session) => (await sessionVersion(database, session.id)) ?? "revoked",
      },
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
        "/sign-in/social": authRule,
        "/link-social": authRule,
        "/two-factor/*": authRule,
        "/change-password": authRule,
        // Each of these sends a mail or checks a token.
        "/send-verification-email": authRule,
        "/request-password-reset": authRule,
        "/reset-password": authRule,
        "/change-email": authRule,
        "/verify-email": authRule,
        "/delete-user": authRule,
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
    databaseHooks: {
      user: {
        create: {
          // REGISTRATION_MODE: closed refuses every new account (password or provider);
          // invitation makes it a trial account until it enters a code.
          before: async (user) => {
            if (config.registrationMode === "closed") {
              throw new APIError("FORBIDDEN", {
                message: "This server does not take new accounts",
              });
            }
            const role = roleAtSignUp(user);
            return { data: role === "trial" ? { ...user, role } : user };
          },
        },
        update: {
          after: async (user) => {
            const stored = user as { id: string; role?: string | null };
            if (stored.role === "trial" && isAdminAddress(user, config.adminEmails)) {
              await database.db
                .updateTable("user")
                .set({ role: "user" })
                .where("id", "=", stored.id)
                .execute();
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        try {
          checkAuthInput(ctx.path, ctx.body);
        } catch (error) {
          if (error instanceof AuthInputError) {
            throw new APIError("BAD_REQUEST", { message: error.message });
          }
          throw error;
        }
        await checkAccountRules(ctx, {
          database,
          // Off with the rate limits (RATE_LIMIT_ENABLED=false), like better-auth's.
          secondFactorLimit: {
            max: config.rateLimit.enabled ? authMax : Number.POSITIVE_INFINITY,
            windowSeconds,
          },
          clientIpHeader: CLIENT_IP_HEADER,
        });
        const body = ctx.body as Record<string, unknown> | undefined;
        const passwordField = NEW_PASSWORD_FIELDS[ctx.path];
        const password = passwordField ? body?.[passwordField] : undefined;
        const refusal =
          typeof password === "string"
            ? await passwordRefusal(password, ctx.headers?.get("accept-language"))
            : undefined;
        if (refusal) {
          throw new APIError("BAD_REQUEST", { message: refusal, code: "PASSWORD_TOO_WEAK" });
        }
        // Refused here, not only in the create hook: there better-auth would answer a refused
        // account with its stand-in "created" answer.
        if (ctx.path === "/sign-up/email" && config.registrationMode === "closed") {
          throw new APIError("FORBIDDEN", { message: "This server does not take new accounts" });
        }
        if (ctx.path === "/verify-email") {
          const query = ctx.query as { token?: unknown; callbackURL?: unknown } | undefined;
          const token = typeof query?.token === "string" ? query.token : "";
          if (
            token &&
            !(await claimToken(ctx.context.internalAdapter, token, VERIFY_LINK_SECONDS))
          ) {
            const callback = typeof query?.callbackURL === "string" ? query.callbackURL : "";
            // Only back into the app: a relative path, never another site.
            if (/^\/(?![/\\])/.test(callback)) {
              const separator = callback.includes("?") ? "&" : "?";
              throw ctx.redirect(`${callback}${separator}error=TOKEN_USED`);
            }
            throw new APIError("UNAUTHORIZED", { message: "This link was already used" });
          }
        }
        // A password change signs every other session out: it is what a user does when they
        // think someone else has their password (L1).
        if (ctx.path === "/change-password") {
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        }
        const profileBody = await applyProfileRules(ctx, database);
        if (profileBody) return { context: { body: profileBody } };
        return undefined;
      }),
    },
    plugins: [
      twoFactor({ issuer: "Follow" }),
      ...oauthPlugins(config),
      customSession(async ({ user, session }) => {
        const body: NonNullable<SessionResponse> = {
          user: {
            id: user.id,
            email: user.email,
            name: user.name,
            image: user.image ?? null,
            handle: (user as { handle?: string | null }).handle ?? null,
            bio: (user as { bio?: string | null }).bio ?? null,
            website: (user as { website?: string | null }).website ?? null,
            socialLinks: socialLinksOf((user as { socialLinks?: unknown }).socialLinks),
            emailVerified: Boolean(user.emailVerified),
            twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean }).twoFactorEnabled),
            createdAt: new Date(user.createdAt).toISOString(),
            updatedAt: new Date(user.updatedAt).toISOString(),
          },
          role: roleOf(user, config.adminEmails),
          session: { id: session.id, expiresAt: new Date(session.expiresAt).toISOString() },
        };
        return body;
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Social links as stored (better-auth's json field: an object, or its text on some drivers). */
function socialLinksOf(value: unknown): Record<string, string> {
  const parsed = typeof value === "string" ? safeJson(value) : value;
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
    ),
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
