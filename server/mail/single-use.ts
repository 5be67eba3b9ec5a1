import { createHash } from "node:crypto";

/**
 * better-auth's e-mail verification links carry a signed token that stays valid until it
 * expires; ours work once. The first use of a token records its hash in better-auth's
 * verification table (until the token would have expired anyway); a second use is refused.
 */
interface VerificationStore {
  findVerificationValue(identifier: string): Promise<unknown>;
  createVerificationValue(data: {
    identifier: string;
    value: string;
    expiresAt: Date;
  }): Promise<unknown>;
}

const PREFIX = "used-token:";

/** True the first time a token is presented, false on every later use. */
export async function claimToken(
  store: VerificationStore,
  token: string,
  lifetimeSeconds: number,
): Promise<boolean> {
  const identifier = PREFIX + createHash("sha256").update(token).digest("base64url");
  if (await store.findVerificationValue(identifier)) return false;
  await store.createVerificationValue({
    identifier,
    value: "1",
    expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
  });
  return true;
}

/** The claims of a JWT we issued ourselves (better-auth signed it; we only read it). */
export function readTokenClaims(token: string): Record<string, unknown> {
  try {
    const payload = token.split(".")[1] ?? "";
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}
