import type { Transaction } from "kysely";
import type { Database, DatabaseDialect } from "../db/schema.ts";

/**
 * Serializes the writers of one feed's reading state on PostgreSQL: storing new entries (who
 * gets them unread) and someone starting to follow the feed (which entries start unread). Under
 * READ COMMITTED each could miss the other's uncommitted rows, and a new subscriber then had no
 * unread entries at all. SQLite runs one write transaction at a time already. Ids are locked in
 * order, so two writers of overlapping feeds cannot deadlock.
 */
export async function lockFeeds(
  trx: Transaction<Database>,
  dialect: DatabaseDialect,
  feedIds: readonly string[],
): Promise<void> {
  if (dialect !== "postgres" || feedIds.length === 0) return;
  await trx
    .selectFrom("feed")
    .select("id")
    .where("id", "in", [...new Set(feedIds)].sort())
    .orderBy("id")
    .forUpdate()
    .execute();
}
