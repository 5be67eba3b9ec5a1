import { sql } from "kysely";
import type { AchievementId } from "../../contract/api/achievements.ts";
import type { DatabaseHandle } from "../db/connect.ts";

/** One POWER in the ledger's smallest unit (18 decimals). */
const POWER = 10n ** 18n;

export interface AchievementRule {
  id: AchievementId;
  /** How much of `count` completes it. */
  target: number;
  /** POWER paid when received, in the smallest unit. */
  reward: bigint;
  /** An operator confirms it before it is paid. */
  needsAudit: boolean;
  /** The person's count, from what they have done (their rows in the reading tables). */
  count: (database: DatabaseHandle, userId: string) => Promise<number>;
}

const countOf = async (query: ReturnType<typeof sql<{ n: number | string }>>, db: DatabaseHandle) =>
  Number((await query.execute(db.db)).rows[0]?.n ?? 0);

const rowsOf = (table: string, column: string) => (database: DatabaseHandle, userId: string) =>
  countOf(
    sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
      where ${sql.ref(column)} = ${userId}`,
    database,
  );

/**
 * The catalogue. Alpha testers are those who used this server while it was young: anyone may
 * ask, an operator confirms. Every other achievement is counted from the person's own rows.
 */
export const ACHIEVEMENTS: readonly AchievementRule[] = [
  {
    id: "alpha_tester",
    target: 1,
    reward: 100n * POWER,
    needsAudit: true,
    count: async () => 1,
  },
  {
    id: "first_subscription",
    target: 1,
    reward: 5n * POWER,
    needsAudit: false,
    count: rowsOf("subscription", "user_id"),
  },
  {
    id: "first_list",
    target: 1,
    reward: 10n * POWER,
    needsAudit: false,
    count: rowsOf("list", "owner_user_id"),
  },
  {
    id: "first_star",
    target: 1,
    reward: 2n * POWER,
    needsAudit: false,
    count: rowsOf("collection", "user_id"),
  },
  {
    id: "first_inbox",
    target: 1,
    reward: 5n * POWER,
    needsAudit: false,
    count: rowsOf("inbox", "owner_user_id"),
  },
  {
    id: "reader_100",
    target: 100,
    reward: 10n * POWER,
    needsAudit: false,
    count: rowsOf("read_history", "user_id"),
  },
  {
    id: "reader_1000",
    target: 1000,
    reward: 50n * POWER,
    needsAudit: false,
    count: rowsOf("read_history", "user_id"),
  },
  {
    id: "feed_owner",
    target: 1,
    reward: 20n * POWER,
    needsAudit: false,
    count: rowsOf("feed_claim", "user_id"),
  },
  {
    // Someone joined with one of the person's invitation codes; an operator checks it is not
    // the person's own second account.
    id: "inviter",
    target: 1,
    reward: 20n * POWER,
    needsAudit: true,
    count: (database, userId) =>
      countOf(
        sql<{ n: number | string }>`select count(*) as n from invitation
          where owner_user_id = ${userId} and used_by_user_id is not null`,
        database,
      ),
  },
];

export const achievementRule = (id: AchievementId) => ACHIEVEMENTS.find((a) => a.id === id)!;
