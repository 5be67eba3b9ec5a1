import type { Kysely, Transaction } from "kysely";
import { newFeedUnreadCount } from "../../contract/new-feed-unread.ts";
import type { Database } from "../db/schema.ts";

/**
 * How many newest entries of a feed this person starts following begin unread (their general
 * setting `newFeedUnread`). Takes the open transaction: on SQLite a second connection would wait.
 */
export async function newFeedUnreadLimit(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom("user_setting")
    .select("payload")
    .where("user_id", "=", userId)
    .where("tab", "=", "general")
    .executeTakeFirst();
  let setting: unknown;
  try {
    setting = row ? (JSON.parse(row.payload) as { newFeedUnread?: unknown }).newFeedUnread : null;
  } catch {
    setting = null;
  }
  return newFeedUnreadCount(setting);
}
