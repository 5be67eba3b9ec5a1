import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Role } from "../../contract/session.ts";
import type { DatabaseHandle } from "../db/connect.ts";

/**
 * A version of a session for the cookie cache: what its user's role is made of (stored role,
 * address and whether it is verified), or undefined when the session is gone (sign-out, password
 * change, revocation). One primary-key join; better-auth's cookie cache is checked with it on
 * every use (auth.ts `cookieCache.version`), and so is our memo of it (http/session-memo.ts), so
 * a revoked session stops at once, and a role change (an invitation code ending a trial, an
 * ADMIN_EMAILS address being verified) is seen at the next request.
 */
export async function sessionVersion(
  database: DatabaseHandle,
  sessionId: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ role: string | null; email: string; verified: unknown }>`
    select u."role" as role, u."email" as email, u."emailVerified" as verified
    from "session" s join "user" u on u."id" = s."userId"
    where s."id" = ${sessionId}`.execute(database.db);
  const row = rows[0];
  if (!row) return undefined;
  // Hashed: the version rides in the cookie, which should not grow with the address.
  const address = createHash("sha256").update(row.email.toLowerCase()).digest("base64url");
  return `2:${row.role ?? "user"}:${isTrue(row.verified) ? 1 : 0}:${address.slice(0, 12)}`;
}

/**
 * The role a user acts with. An ADMIN_EMAILS address makes an admin only once it is verified:
 * otherwise whoever signed up first with that address, without owning it, would be one.
 */
export function roleOf(
  user: { role?: string | null; email: string; emailVerified?: unknown },
  adminEmails: readonly string[],
): Role {
  if (isAdminAddress(user, adminEmails)) return "admin";
  return user.role === "trial" || user.role === "admin" ? user.role : "user";
}

/** Whether the user's verified address is one of ADMIN_EMAILS. */
export function isAdminAddress(
  user: { email: string; emailVerified?: unknown },
  adminEmails: readonly string[],
): boolean {
  return isTrue(user.emailVerified) && adminEmails.includes(user.email.toLowerCase());
}

/** Booleans as stored: true on PostgreSQL, 1 on SQLite. */
function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}
