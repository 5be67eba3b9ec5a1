import type { Kysely } from "kysely";

/** Each user's settings per tab (general, appearance, integration), synced across devices. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user_setting")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("tab", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_setting_pk", ["user_id", "tab"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("user_setting").execute();
}
