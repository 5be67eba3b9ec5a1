import type { Kysely } from "kysely";

/**
 * Saved searches: a query and its filters under a name, opened as a timeline. Ids are made by
 * the client (an offline save is the same search once synced) and unique per user only, so one
 * user's id never collides with, or reveals, another's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("saved_search")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("id", "varchar(20)", (c) => c.notNull())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("keyword", "varchar(512)", (c) => c.notNull())
    /** The search's filters (view, feeds, folder, unread, starred) as JSON. */
    .addColumn("filters", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("saved_search_pk", ["user_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("saved_search").execute();
}
