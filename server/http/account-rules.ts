import { APIError, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { verifyTotpCode } from "./totp.ts";

/**
 * Rules better-auth does not have, checked before its account endpoints run. Each refusal
 * carries a better-auth-style `code` that server/routes/auth.ts turns into ours:
 *   EMAIL_NOT_VERIFIED -> 1006, TWO_FACTOR_CODE_REQUIRED -> 4008, INVALID_CODE -> 4007.
 */
export const NEEDS_VERIFIED_EMAIL = new Set(["/two-factor/enable"]);

const CODE_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

// biome-ignore lint/suspicious/noExplicitAny: better-auth's hook context is generic per endpoint.
type HookContext = any;

export async function checkAccountRules(ctx: HookContext): Promise<void> {
  const path: string = ctx.path;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (CODE_PATHS.has(path) && !nonEmpty(body.code)) throw codeRequired();
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
      if (!(await totpMatches(ctx, session.user.id, body.TOTPCode))) {
        throw new APIError("UNAUTHORIZED", { message: "Invalid code", code: "INVALID_CODE" });
      }
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

async function totpMatches(ctx: HookContext, userId: string, code: string): Promise<boolean> {
  const row = (await ctx.context.adapter.findOne({
    model: "twoFactor",
    where: [{ field: "userId", value: userId }],
  })) as { secret: string } | null;
  if (!row) return false;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  return verifyTotpCode(Buffer.from(secret, "utf8"), code.trim());
}
