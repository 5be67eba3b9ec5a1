import type { Kysely } from "kysely";

/**
 * People's own feed-route (RSSHub) instances: the base URL, the access key sealed (AES-GCM,
 * bound to the user and row), whether it is their default (none: the server's), and the last
 * status check (reachable, version, latency, error).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("feed_route_instance")
    .addColumn("id", "varchar(20)", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("base_url", "text", (c) => c.notNull())
    .addColumn("access_key", "text")
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("checked_at", "varchar(30)")
    .addColumn("reachable", "integer")
    .addColumn("version", "text")
    .addColumn("latency_ms", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addUniqueConstraint("feed_route_instance_user_url", ["user_id", "base_url"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("feed_route_instance").execute();
}
