import type { Kysely } from "kysely";

/**
 * Fever's integer ids for a person's items, feeds and groups. Our ids are 64-bit snowflakes and
 * categories are names, but Fever clients parse ids as JavaScript or 32-bit numbers (Fluent
 * Reader falls back to 32 bits), so each person gets small sequential numbers, given in the
 * order things reach them (as FreshRSS and Miniflux number by insertion). Per person, so a
 * number reveals nothing about anyone else's entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("fever_id")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    /** "item" (ref: entry id), "feed" (ref: feed id) or "group" (ref: category name). */
    .addColumn("kind", "varchar(8)", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("ref", "varchar(255)", (c) => c.notNull())
    .addPrimaryKeyConstraint("fever_id_pk", ["user_id", "kind", "number"])
    .addUniqueConstraint("fever_id_by_ref", ["user_id", "kind", "ref"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("fever_id").execute();
}
