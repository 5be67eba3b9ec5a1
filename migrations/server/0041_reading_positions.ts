import type { Kysely } from "kysely";

/**
 * Where a person stopped in an entry, one row per entry, device and kind (the article's
 * fraction and block text, or the audio's time): every device keeps its own, and each device's
 * resume offer takes the newest of them all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reading_position")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("entry_id", "varchar(20)", (c) => c.notNull())
    .addColumn("device_id", "varchar(64)", (c) => c.notNull())
    /** "article" or "audio". */
    .addColumn("kind", "varchar(8)", (c) => c.notNull())
    .addColumn("fraction", "double precision", (c) => c.notNull())
    .addColumn("quote", "text", (c) => c.notNull())
    .addColumn("seconds", "double precision", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("reading_position_key", ["user_id", "entry_id", "device_id", "kind"])
    .execute();
  await db.schema
    .createIndex("reading_position_by_time")
    .on("reading_position")
    .columns(["user_id", "updated_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("reading_position").execute();
}
