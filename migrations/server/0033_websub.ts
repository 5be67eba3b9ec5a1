import type { Kysely } from "kysely";

/**
 * WebSub subscriptions, one per feed whose hub we asked to push. `id` is the unguessable key in
 * the public callback URL; `secret` signs what the hub distributes. `state`: pending (asked,
 * not verified), active (verified, lease running), denied, or unsubscribed. `last_push_at`
 * tells when the hub last delivered, so a silent hub hands the feed back to polling.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("websub_subscription")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("feed_id", "text", (c) => c.notNull().unique())
    .addColumn("hub", "text", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("verified_at", "text")
    .addColumn("lease_until", "text")
    .addColumn("last_push_at", "text")
    .addColumn("error", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("websub_subscription").execute();
}
