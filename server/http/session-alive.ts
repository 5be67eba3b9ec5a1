import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";

/**
 * Whether a session still exists: sign-out, a password change and "sign out other sessions"
 * delete the row. One primary-key lookup; it runs on every request that would otherwise be
 * answered from better-auth's signed cookie cache (or our memo of it), so a revoked or stolen
 * cookie stops working at once instead of up to the cache's 5 minutes later (issue 10, L1).
 */
export async function sessionExists(database: DatabaseHandle, sessionId: string): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    select 1 as one from "session" where "id" = ${sessionId}`.execute(database.db);
  return rows.length > 0;
}
