import { type Kysely, sql } from "kysely";

/**
 * Rows that pointed a person at someone else's inbox, made before inboxes were their owner's
 * alone (a subscription by `inbox://` URL, a list holding the inbox's feed, a star, an unread
 * mark): reads already ignore them; here they go. An inbox's feed is the one with an owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const foreign = (table: string, user: string) => sql`
    DELETE FROM ${sql.table(table)} WHERE feed_id IN (
      SELECT f.id FROM feed f WHERE f.owner_user_id IS NOT NULL
        AND f.owner_user_id <> ${sql.ref(`${table}.${user}`)})`;
  await foreign("subscription", "user_id").execute(db);
  await foreign("collection", "user_id").execute(db);
  await foreign("unread", "user_id").execute(db);
  await sql`
    DELETE FROM list_feed WHERE feed_id IN (
      SELECT f.id FROM feed f JOIN list l ON l.id = list_feed.list_id
      WHERE f.owner_user_id IS NOT NULL AND f.owner_user_id <> l.owner_user_id)`.execute(db);
}
