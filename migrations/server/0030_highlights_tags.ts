import type { Kysely } from "kysely";

/**
 * Highlights (passages of entries with a colour and a note) and tags on entries, each a
 * person's own. Highlight ids are made by the client (an offline highlight is the same one once
 * synced) and unique per user only, so one user's id never collides with, or reveals, another's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("highlight")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("id", "varchar(20)", (c) => c.notNull())
    .addColumn("entry_id", "varchar(20)", (c) => c.notNull())
    .addColumn("color", "varchar(16)", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    /** The passage and its context (TextQuoteSelector). */
    .addColumn("exact", "text", (c) => c.notNull())
    .addColumn("prefix", "varchar(64)", (c) => c.notNull())
    .addColumn("suffix", "varchar(64)", (c) => c.notNull())
    /** Its offsets in the entry's plain text (TextPositionSelector). */
    .addColumn("start", "integer", (c) => c.notNull())
    .addColumn("end", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("highlight_pk", ["user_id", "id"])
    .execute();
  await db.schema
    .createIndex("highlight_by_entry")
    .on("highlight")
    .columns(["user_id", "entry_id"])
    .execute();
  await db.schema
    .createTable("entry_tag")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("entry_id", "varchar(20)", (c) => c.notNull())
    .addColumn("tag", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("entry_tag_pk", ["user_id", "entry_id", "tag"])
    .execute();
  await db.schema
    .createIndex("entry_tag_by_tag")
    .on("entry_tag")
    .columns(["user_id", "tag", "entry_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("entry_tag").execute();
  await db.schema.dropTable("highlight").execute();
}
