import { APIError, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import type { DatabaseHandle } from "../db/connect.ts";
import { claimTotpStep, spendSecondFactorTry } from "./second-factor.ts";
import { base32Decode, totpStepOf } from "./totp.ts";

/**
 * Rules better-auth does not have, checked before its account endpoints run. Each refusal
 * carries a better-auth-style `code` that server/routes/auth.ts turns into ours:
 *   EMAIL_NOT_VERIFIED -> 1006, TWO_FACTOR_CODE_REQUIRED -> 4008, INVALID_CODE -> 4007.
 */
export const NEEDS_VERIFIED_EMAIL = new Set(["/two-factor/enable"]);

/** Where a second factor is checked: TOTP and backup codes share one budget of tries. */
const CODE_PATHS = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/verify-otp",
]);

/** better-auth's cookie naming the user half-way through a two-factor sign-in. */
const TWO_FACTOR_COOKIE = "two_factor";

export interface AccountRuleOptions {
  database: DatabaseHandle;
  /** Second-factor tries per user and per client address in a window. */
  secondFactorLimit: { max: number; windowSeconds: number };
  /** The request header carrying the client address (set by routes/auth.ts). */
  clientIpHeader: string;
}

// biome-ignore lint/suspicious/noExplicitAny: better-auth's hook context is generic per endpoint.
type HookContext = any;

export async function checkAccountRules(
  ctx: HookContext,
  options: AccountRuleOptions,
): Promise<void> {
  const path: string = ctx.path;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (CODE_PATHS.has(path)) {
    if (!nonEmpty(body.code)) throw codeRequired();
    await checkSecondFactor(ctx, options, path, body.code);
  }
  if (NEEDS_VERIFIED_EMAIL.has(path)) {
    const session = await getSessionFromCtx(ctx);
    if (session && !session.user.emailVerified) {
      throw new APIError("FORBIDDEN", {
        message: "Verify your e-mail address first",
        code: "EMAIL_NOT_VERIFIED",
      });
    }
  }
  if (path === "/delete-user") {
    const session = await getSessionFromCtx(ctx);
    // The password whenever the account has one (better-auth would take a fresh session
    // alone); an account that only signs in through a provider has none, and better-auth then
    // wants a session signed in within the last day.
    const credential = session
      ? await ctx.context.internalAdapter.findCredentialAccount(session.user.id)
      : null;
    if ((credential?.password || !session) && !nonEmpty(body.password)) {
      throw new APIError("BAD_REQUEST", { message: "password is required" });
    }
    if (session?.user.twoFactorEnabled) {
      if (!nonEmpty(body.TOTPCode)) throw codeRequired();
      // The password first: a code is used up when taken, so a wrong password must not take it.
      if (
        credential?.password &&
        !(await ctx.context.password.verify({ hash: credential.password, password: body.password }))
      ) {
        throw new APIError("BAD_REQUEST", {
          message: "Invalid password",
          code: "INVALID_PASSWORD",
        });
      }
      await spend(options, [`user:${session.user.id}`]);
      const step = await totpStep(ctx, session.user.id, body.TOTPCode);
      if (step === undefined) {
        throw new APIError("UNAUTHORIZED", { message: "Invalid code", code: "INVALID_CODE" });
      }
      if (!(await claimTotpStep(options.database, session.user.id, step))) throw codeUsed();
    }
  }
}

function nonEmpty(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

function codeRequired() {
  return new APIError("BAD_REQUEST", {
    message: "Two factor code required",
    code: "TWO_FACTOR_CODE_REQUIRED",
  });
}

/**
 * Before better-auth checks a second factor: one budget of tries per user and per client
 * address, whichever factor; and a TOTP code that is right is taken (its time step claimed),
 * so the same code is refused the second time, within its window too.
 */
async function checkSecondFactor(
  ctx: HookContext,
  options: AccountRuleOptions,
  path: string,
  code: string,
): Promise<void> {
  const userId = await secondFactorUser(ctx);
  const ip = ctx.headers?.get(options.clientIpHeader);
  await spend(options, [...(ip ? [`ip:${ip}`] : []), ...(userId ? [`user:${userId}`] : [])]);
  if (path !== "/two-factor/verify-totp" || !userId) return;
  const step = await totpStep(ctx, userId, code);
  // A wrong code is left to better-auth, which counts it towards its lockout.
  if (step !== undefined && !(await claimTotpStep(options.database, userId, step))) {
    throw codeUsed();
  }
}

async function spend(options: AccountRuleOptions, keys: string[]): Promise<void> {
  for (const key of keys) {
    if (!(await spendSecondFactorTry(options.database, key, options.secondFactorLimit))) {
      throw new APIError("TOO_MANY_REQUESTS", {
        message: "Too many two-factor codes tried; wait a while and try again",
      });
    }
  }
}

/** The user checking a second factor: signed in, or half-way through signing in. */
async function secondFactorUser(ctx: HookContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return undefined;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return typeof pending?.value === "string" ? pending.value : undefined;
}

function codeUsed() {
  return new APIError("UNAUTHORIZED", {
    message: "This code was already used: wait for the next one",
    code: "INVALID_CODE",
  });
}

/** The time step of the user's TOTP code `code`, or undefined when it is not theirs now. */
async function totpStep(ctx: HookContext, userId: string, code: string) {
  const row = (await ctx.context.adapter.findOne({
    model: "twoFactor",
    where: [{ field: "userId", value: userId }],
  })) as { secret: string } | null;
  if (!row) return undefined;
  const secret: string = await symmetricDecrypt({
    key: ctx.context.secretConfig,
    data: row.secret,
  });
  // better-auth stores a secret either as its raw text or base32 behind a prefix.
  const key = secret.startsWith("base32:")
    ? base32Decode(secret.slice("base32:".length))
    : Buffer.from(secret, "utf8");
  return totpStepOf(key, code.trim());
}
