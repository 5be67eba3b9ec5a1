import { sql } from "kysely";
import type { ClaimMethod } from "../../contract/api/claims.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { StorageRefusal } from "../storage/errors.ts";
import { newChallengeCode } from "./challenge-code.ts";

export interface ClaimRecord {
  feedId: string;
  ownerUserId: string;
  method: ClaimMethod;
  claimedAt: string;
}

interface ClaimRow {
  feed_id: string;
  user_id: string;
  method: ClaimMethod;
  claimed_at: string;
}

const toClaim = (row: ClaimRow): ClaimRecord => ({
  feedId: row.feed_id,
  ownerUserId: row.user_id,
  method: row.method,
  claimedAt: row.claimed_at,
});

/** The person's code for the feed: made once, the same on every later ask. */
export async function challengeCodeFor(
  database: DatabaseHandle,
  userId: string,
  feedId: string,
): Promise<string> {
  const existing = await findChallengeCode(database, userId, feedId);
  if (existing) return existing;
  await sql`insert into feed_claim_challenge (user_id, feed_id, code, created_at)
    values (${userId}, ${feedId}, ${newChallengeCode()}, ${new Date().toISOString()})
    on conflict (user_id, feed_id) do nothing`.execute(database.db);
  // Two asks at once: both answer the code that was stored.
  return (await findChallengeCode(database, userId, feedId))!;
}

export async function findChallengeCode(
  database: DatabaseHandle,
  userId: string,
  feedId: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ code: string }>`select code from feed_claim_challenge
    where user_id = ${userId} and feed_id = ${feedId}`.execute(database.db);
  return rows[0]?.code;
}

export async function findClaim(database: DatabaseHandle, feedId: string) {
  const { rows } = await sql<ClaimRow>`select * from feed_claim where feed_id = ${feedId}`.execute(
    database.db,
  );
  return rows[0] ? toClaim(rows[0]) : undefined;
}

export async function claimsOfFeeds(database: DatabaseHandle, feedIds: readonly string[]) {
  if (feedIds.length === 0) return [];
  const { rows } = await sql<ClaimRow>`select * from feed_claim
    where feed_id in (${sql.join(feedIds)})`.execute(database.db);
  return rows.map(toClaim);
}

export async function claimsOfUser(database: DatabaseHandle, userId: string) {
  const { rows } = await sql<ClaimRow>`select * from feed_claim where user_id = ${userId}
    order by claimed_at, feed_id`.execute(database.db);
  return rows.map(toClaim);
}

/**
 * Records the claim unless the feed has one (4000): the primary key decides between two
 * verifications finishing at once. The challenge is spent with it.
 */
export async function recordClaim(
  database: DatabaseHandle,
  claim: { feedId: string; userId: string; method: ClaimMethod },
): Promise<ClaimRecord> {
  const claimedAt = new Date().toISOString();
  const inserted = await sql<ClaimRow>`insert into feed_claim (feed_id, user_id, method, claimed_at)
    values (${claim.feedId}, ${claim.userId}, ${claim.method}, ${claimedAt})
    on conflict (feed_id) do nothing returning *`.execute(database.db);
  const row = inserted.rows[0];
  if (!row) throw new StorageRefusal(4000);
  await sql`delete from feed_claim_challenge where feed_id = ${claim.feedId}`.execute(database.db);
  return toClaim(row);
}
