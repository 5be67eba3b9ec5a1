import type { Kysely } from "kysely";

/**
 * Timelines a person publishes as RSS/Atom at a secret URL: a category, a list, a saved search
 * or their starred entries. Only the SHA-256 of the random secret is kept (it can be looked up
 * and a leaked table reveals no URL); rotating replaces it, revoking deletes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("published_feed")
    .addColumn("id", "varchar(20)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    /** "category", "list", "saved_search" or "starred". */
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    /** The category's name, the list's or saved search's id; "" for starred. */
    .addColumn("target", "varchar(255)", (c) => c.notNull())
    .addColumn("secret_hash", "varchar(64)", (c) => c.notNull().unique())
    /** 1: entries of feeds subscribed privately (and the owner's inbox mail) are published too. */
    .addColumn("include_private", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("rotated_at", "varchar(30)", (c) => c.notNull())
    .addUniqueConstraint("published_feed_by_target", ["user_id", "kind", "target"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("published_feed").execute();
}
