import type { Kysely } from "kysely";

/**
 * AI results kept per entry: summaries per language and target (content or full text), and
 * translations per language (deleted after 7 days at start-up). Both are shared by every
 * subscriber of the entry: they depend on the entry and language only.
 *
 * Actions: each user's rules (one JSON list), and what they did to an entry for that user
 * (its flags; `blocked` hides it from their timelines).
 *
 * Push: each browser (device) a user registered for Web Push notifications.
 *
 * A user's own AI provider (OpenAI-compatible), its key encrypted at rest (AES-256-GCM).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
  await db.schema
    .createTable("action_rule")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("rules", "text", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("entry_action")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("entry_id", "varchar(20)", (c) =>
      c.notNull().references("entry.id").onDelete("cascade"),
    )
    .addColumn("settings", "text", (c) => c.notNull())
    .addColumn("blocked", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("entry_action_pk", ["user_id", "entry_id"])
    .execute();
  await db.schema
    .createTable("push_subscription")
    .addColumn("id", "varchar(20)", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("endpoint", "varchar(2048)", (c) => c.notNull().unique())
    .addColumn("p256dh", "varchar(200)", (c) => c.notNull())
    .addColumn("auth", "varchar(100)", (c) => c.notNull())
    .addColumn("name", "varchar(200)")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("user_ai_provider")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("base_url", "varchar(2048)", (c) => c.notNull())
    .addColumn("model", "varchar(200)", (c) => c.notNull())
    .addColumn("api_key", "text")
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("push_subscription_user")
    .on("push_subscription")
    .column("user_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("user_ai_provider").execute();
  await db.schema.dropTable("push_subscription").execute();
  await db.schema.dropTable("entry_action").execute();
  await db.schema.dropTable("action_rule").execute();
  await db.schema.dropTable("ai_translation").execute();
  await db.schema.dropTable("ai_summary").execute();
}
