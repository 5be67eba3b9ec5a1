import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";

/**
 * A version of a session for the cookie cache: its user's role, or undefined when the session is gone (sign-out, password
 * change, revocation). One primary-key join; better-auth's cookie cache is checked with it on
 * every use (auth.ts `cookieCache.version`), so a revoked session stops at once (issue 10, L1)
 * and a role change (an invitation code ending a trial) is seen at once.
 */
export async function sessionVersion(
  database: DatabaseHandle,
  sessionId: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ role: string | null }>`
    select u."role" as role from "session" s join "user" u on u."id" = s."userId"
    where s."id" = ${sessionId}`.execute(database.db);
  return rows[0] ? `1:${rows[0].role ?? "user"}` : undefined;
}
