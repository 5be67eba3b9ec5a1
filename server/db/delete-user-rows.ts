import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Every table holding rows a user owns, with the column naming the owner. better-auth removes
 * the user, its sessions and accounts itself; the rest goes here, before the user row, in one
 * transaction. tests/integration/account-delete.test.ts lists the tables of a live database and
 * fails when one with a user column is missing from this list.
 */
export const USER_OWNED_ROWS: ReadonlyArray<{ table: string; column: string }> = [
  { table: "subscription", column: "user_id" },
  { table: "unread", column: "user_id" },
  { table: "collection", column: "user_id" },
  { table: "read_history", column: "user_id" },
  { table: "user_setting", column: "user_id" },
  { table: "idempotency_key", column: "user_id" },
  { table: "twoFactor", column: "userId" },
  { table: "totp_step", column: "user_id" },
  { table: "invitation", column: "owner_user_id" },
  { table: "daily_report", column: "user_id" },
  { table: "push_subscription", column: "user_id" },
  { table: "action_rule", column: "user_id" },
  { table: "entry_action", column: "user_id" },
  { table: "user_ai_provider", column: "user_id" },
  { table: "ai_summary", column: "owner_user_id" },
  { table: "ai_translation", column: "owner_user_id" },
  { table: "integration_secret", column: "user_id" },
  { table: "saved_search", column: "user_id" },
  { table: "highlight", column: "user_id" },
  { table: "reading_position", column: "user_id" },
  { table: "entry_tag", column: "user_id" },
  { table: "feed_route_instance", column: "user_id" },
  { table: "sync_version", column: "user_id" },
  { table: "access_token", column: "user_id" },
  { table: "fever_id", column: "user_id" },
  { table: "published_feed", column: "user_id" },
  { table: "feed_claim_challenge", column: "user_id" },
  { table: "feed_claim", column: "user_id" },
  { table: "achievement_award", column: "user_id" },
];

/** Rows other users still need: the user's name comes off them instead. */
export const USER_REFERENCES_CLEARED: ReadonlyArray<{ table: string; column: string }> = [
  { table: "feed", column: "owner_user_id" },
  { table: "invitation", column: "used_by_user_id" },
];

export async function deleteUserRows(db: Kysely<Database>, userId: string): Promise<void> {
  // The tables are listed above, not user input; Kysely's typed builder does not know twoFactor.
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await loose.transaction().execute(async (trx) => {
    for (const { table, column } of USER_OWNED_ROWS) {
      await trx.deleteFrom(table).where(column, "=", userId).execute();
    }
    for (const { table, column } of USER_REFERENCES_CLEARED) {
      await trx
        .updateTable(table)
        .set({ [column]: null })
        .where(column, "=", userId)
        .execute();
    }
  });
}
