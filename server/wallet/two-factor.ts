import { symmetricDecrypt } from "better-auth/crypto";
import { claimTotpStep, spendSecondFactorTry } from "../accounts/second-factor.ts";
import { base32Decode, totpStepOf } from "../accounts/totp.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";

/** Second-factor tries per user in a window, shared with the sign-in's budget. */
const TRIES = { max: 10, windowSeconds: 900 };

/**
 * Above the operator's threshold, a person with two-factor on confirms a tip or a withdrawal
 * with a TOTP code: none is 4008, a wrong or used one 4007. Each code is taken once.
 */
export async function requireSecondFactor(
  auth: Auth,
  database: DatabaseHandle,
  options: { userId: string; amount: bigint; threshold: bigint; code: string | undefined },
): Promise<void> {
  if (options.threshold <= 0n || options.amount <= options.threshold) return;
  const user = await database.db
    .selectFrom("user")
    .select("twoFactorEnabled")
    .where("id", "=", options.userId)
    .executeTakeFirst();
  if (!user?.twoFactorEnabled) return;
  const code = options.code?.trim();
  if (!code) throw new ApiError(4008, "Two factor code required");
  if (!(await spendSecondFactorTry(database, `user:${options.userId}`, TRIES))) {
    throw new ApiError(4007, "Too many codes tried; wait a while");
  }
  const context = await auth.$context;
  const row = (await context.adapter.findOne({
    model: "twoFactor",
    where: [{ field: "userId", value: options.userId }],
  })) as { secret: string } | null;
  if (!row) throw new ApiError(4007, "Invalid two factor code");
  const secret: string = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  const key = secret.startsWith("base32:")
    ? base32Decode(secret.slice("base32:".length))
    : Buffer.from(secret, "utf8");
  const step = totpStepOf(key, code);
  if (step === undefined || !(await claimTotpStep(database, options.userId, step))) {
    throw new ApiError(4007, "Invalid two factor code");
  }
}
