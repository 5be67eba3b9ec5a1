import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";

/**
 * Takes a TOTP time step for the user: true when it is later than every step they used before
 * (and is now the last), false when that code, or a later one, was already used. One statement,
 * so two server processes given the same code at once let only one through.
 */
export async function claimTotpStep(
  database: DatabaseHandle,
  userId: string,
  step: number,
): Promise<boolean> {
  const { rows } = await sql<{ user_id: string }>`
    insert into totp_step (user_id, last_step) values (${userId}, ${step})
    on conflict (user_id) do update set last_step = excluded.last_step
    where totp_step.last_step < excluded.last_step
    returning user_id`.execute(database.db);
  return rows.length > 0;
}

/**
 * Counts one second-factor try against `key`'s budget (a user, or a client address) and
 * answers whether it is within `max` tries in the window. TOTP codes and backup codes share
 * the budget, so switching between them buys nothing.
 */
export async function spendSecondFactorTry(
  database: DatabaseHandle,
  key: string,
  limit: { max: number; windowSeconds: number },
  now = Date.now(),
): Promise<boolean> {
  const expired = now - limit.windowSeconds * 1000;
  await sql`delete from second_factor_attempt where window_start <= ${expired}`.execute(
    database.db,
  );
  const { rows } = await sql<{ count: number | string }>`
    insert into second_factor_attempt ("key", "count", window_start)
    values (${key}, 1, cast(${now} as bigint))
    on conflict ("key") do update set "count" = second_factor_attempt."count" + 1
    returning "count"`.execute(database.db);
  return Number(rows[0]?.count ?? 0) <= limit.max;
}
