import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";

/**
 * Who has claimed a feed, if anyone. The wallet asks it to send a tip to the feed's claimant;
 * claims themselves are made and checked in server/claims, which builds on the wallet, so the
 * wallet reads the table here instead of importing it.
 */
export async function feedClaimant(
  database: DatabaseHandle,
  feedId: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ user_id: string }>`select user_id from feed_claim
    where feed_id = ${feedId}`.execute(database.db);
  return rows[0]?.user_id;
}
