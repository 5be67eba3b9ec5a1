import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";

/**
 * Activity points over the last 30 days: entries read, feeds and lists followed, POWER sent.
 * They make the level and the daily claim's multiplier (1x to 5x).
 */
export async function activityPoints(database: DatabaseHandle, userId: string): Promise<number> {
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const { rows } = await sql<{
    reads: number | string;
    follows: number | string;
    sent: number | string;
  }>`
    select
      (select count(*) from read_history where user_id = ${userId} and read_at >= ${since}) as reads,
      (select count(*) from subscription where user_id = ${userId}) as follows,
      (select count(*) from wallet_transaction where from_user_id = ${userId}
         and created_at >= ${since}) as sent`.execute(database.db);
  const row = rows[0];
  return Number(row?.reads ?? 0) + 5 * Number(row?.follows ?? 0) + 10 * Number(row?.sent ?? 0);
}

/** Every 100 points adds one to the multiplier, up to 5x. */
export const multiplierOf = (points: number) => Math.min(5, 1 + Math.floor(points / 100));

/** Level n needs 50 * n^2 points; the previous level's threshold is shown with it. */
export function levelOf(points: number): { level: number; prevActivityPoints: number } {
  const level = Math.floor(Math.sqrt(points / 50));
  return { level, prevActivityPoints: 50 * level * level };
}
