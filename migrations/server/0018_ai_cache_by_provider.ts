import type { Kysely } from "kysely";

/**
 * Stored summaries and translations are keyed by who wrote them, not only by entry and
 * language: `owner_user_id` is "" for the server's provider (shared by everyone who uses it) or the
 * user whose own provider wrote it (theirs alone), and `provider` names that provider ("server",
 * or a digest of the user's base URL and model, so a changed endpoint does not serve the old
 * one's text). Rows stored before this cannot say which provider wrote them (another user's
 * endpoint may have), so they are dropped: both tables are caches, rebuilt on demand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ai_summary").execute();
  await db.schema.dropTable("ai_translation").execute();
  await db.schema
    .createTable("ai_summary")
    .addColumn("entry_id", "varchar(20)", (c) =>
      c.notNull().references("entry.id").onDelete("cascade"),
    )
    .addColumn("language", "varchar(16)", (c) => c.notNull())
    .addColumn("target", "varchar(24)", (c) => c.notNull())
    .addColumn("owner_user_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("provider", "varchar(64)", (c) => c.notNull().defaultTo("server"))
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("ai_summary_pk", [
      "entry_id",
      "language",
      "target",
      "owner_user_id",
      "provider",
    ])
    .execute();
  await db.schema
    .createTable("ai_translation")
    .addColumn("entry_id", "varchar(20)", (c) =>
      c.notNull().references("entry.id").onDelete("cascade"),
    )
    .addColumn("language", "varchar(16)", (c) => c.notNull())
    .addColumn("owner_user_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("provider", "varchar(64)", (c) => c.notNull().defaultTo("server"))
    .addColumn("title", "text")
    .addColumn("description", "text")
    .addColumn("content", "text")
    .addColumn("readability_content", "text")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("ai_translation_pk", [
      "entry_id",
      "language",
      "owner_user_id",
      "provider",
    ])
    .execute();
  await db.schema
    .createIndex("ai_translation_created_at")
    .on("ai_translation")
    .column("created_at")
    .execute();
  // A user's provider changed or removed: their rows go (found by owner_user_id).
  await db.schema
    .createIndex("ai_summary_owner")
    .on("ai_summary")
    .column("owner_user_id")
    .execute();
  await db.schema
    .createIndex("ai_translation_owner")
    .on("ai_translation")
    .column("owner_user_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ai_summary").execute();
  await db.schema.dropTable("ai_translation").execute();
  await db.schema
    .createTable("ai_summary")
    .addColumn("entry_id", "varchar(20)", (c) =>
      c.notNull().references("entry.id").onDelete("cascade"),
    )
    .addColumn("language", "varchar(16)", (c) => c.notNull())
    .addColumn("target", "varchar(24)", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("ai_summary_pk", ["entry_id", "language", "target"])
    .execute();
  await db.schema
    .createTable("ai_translation")
    .addColumn("entry_id", "varchar(20)", (c) =>
      c.notNull().references("entry.id").onDelete("cascade"),
    )
    .addColumn("language", "varchar(16)", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("description", "text")
    .addColumn("content", "text")
    .addColumn("readability_content", "text")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("ai_translation_pk", ["entry_id", "language"])
    .execute();
  await db.schema
    .createIndex("ai_translation_created_at")
    .on("ai_translation")
    .column("created_at")
    .execute();
}
