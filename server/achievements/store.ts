import { sql } from "kysely";
import type { AchievementId } from "../../contract/api/achievements.ts";
import type { DatabaseHandle } from "../db/connect.ts";

export interface AwardRecord {
  userId: string;
  achievementId: AchievementId;
  status: "audit" | "received";
  reward: string;
  requestedAt: string;
  receivedAt: string | null;
}

interface Row {
  user_id: string;
  achievement_id: AchievementId;
  status: "audit" | "received";
  reward: string;
  requested_at: string;
  received_at: string | null;
}

const toAward = (row: Row): AwardRecord => ({
  userId: row.user_id,
  achievementId: row.achievement_id,
  status: row.status,
  reward: row.reward,
  requestedAt: row.requested_at,
  receivedAt: row.received_at,
});

export async function awardsOf(database: DatabaseHandle, userId: string) {
  const { rows } = await sql<Row>`select * from achievement_award where user_id = ${userId}
    order by requested_at, achievement_id`.execute(database.db);
  return rows.map(toAward);
}

export async function pendingAudits(database: DatabaseHandle) {
  const { rows } = await sql<Row>`select * from achievement_award where status = 'audit'
    order by requested_at, user_id limit 500`.execute(database.db);
  return rows.map(toAward);
}

/**
 * Records a claim: "received" with its reward, or "audit" for an operator. False when the
 * person has a row for it already (two claims at once: the primary key lets one through).
 */
export async function insertAward(
  database: DatabaseHandle,
  award: {
    userId: string;
    achievementId: AchievementId;
    status: "audit" | "received";
    reward: string;
  },
): Promise<boolean> {
  const now = new Date().toISOString();
  const receivedAt = award.status === "received" ? now : null;
  const { rows } = await sql<{ user_id: string }>`insert into achievement_award
    (user_id, achievement_id, status, reward, requested_at, received_at)
    values (${award.userId}, ${award.achievementId}, ${award.status}, ${award.reward}, ${now},
      ${receivedAt})
    on conflict (user_id, achievement_id) do nothing returning user_id`.execute(database.db);
  return rows.length === 1;
}

/** An operator's yes: the claim under audit becomes received. False when none was waiting. */
export async function confirmAward(
  database: DatabaseHandle,
  userId: string,
  achievementId: AchievementId,
  reward: string,
): Promise<boolean> {
  const { rows } = await sql<{ user_id: string }>`update achievement_award
    set status = 'received', reward = ${reward}, received_at = ${new Date().toISOString()}
    where user_id = ${userId} and achievement_id = ${achievementId} and status = 'audit'
    returning user_id`.execute(database.db);
  return rows.length === 1;
}

/** An operator's no: the claim is dropped (the person may ask again). */
export async function dropAward(
  database: DatabaseHandle,
  userId: string,
  achievementId: AchievementId,
): Promise<boolean> {
  const { rows } = await sql<{ user_id: string }>`delete from achievement_award
    where user_id = ${userId} and achievement_id = ${achievementId} and status = 'audit'
    returning user_id`.execute(database.db);
  return rows.length === 1;
}
