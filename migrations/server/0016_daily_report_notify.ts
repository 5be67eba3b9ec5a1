import type { Kysely } from "kysely";

/**
 * The daily AI report (8 AM and 8 PM): one row per user and slot, the slot being the
 * UTC instant of that 8 o'clock in the user's time zone; unique per (user, slot), so two
 * servers on one database write it once. `entries` is the JSON list of the entries it cites.
 *
 * `subscription.notify`: a push notification for each new entry of that feed, without a rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("daily_report")
    .addColumn("id", "varchar(20)", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("slot_at", "varchar(30)", (c) => c.notNull())
    .addColumn("since_at", "varchar(30)", (c) => c.notNull())
    .addColumn("time_zone", "varchar(64)", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("entries", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addUniqueConstraint("daily_report_user_slot", ["user_id", "slot_at"])
    .execute();
  await db.schema
    .alterTable("subscription")
    .addColumn("notify", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscription").dropColumn("notify").execute();
  await db.schema.dropTable("daily_report").execute();
}
