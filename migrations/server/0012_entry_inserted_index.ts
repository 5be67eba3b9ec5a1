import type { Kysely } from "kysely";

/**
 * "Anything new since?" (GET /entries/check-new, polled by every open timeline) seeks each
 * subscribed feed's entries by insertion time instead of walking the user's whole timeline:
 * 360 ms a poll at 100,000 entries without it (`npm run bench -- timeline-paging`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("entry_feed_inserted")
    .on("entry")
    .columns(["feed_id", "inserted_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("entry_feed_inserted").execute();
}
