import type { Kysely } from "kysely";

/**
 * Polling politeness shared by every process on one database:
 * - `feed.poll_hint_seconds`: the longest lifetime the feed states for itself (RSS `<ttl>`,
 *   `<sy:updatePeriod>`), kept from its last full body so a 304 still honours it;
 * - `host_fetch`: one row per fetch started to a host; a row whose lease is still running is a
 *   fetch in flight (the concurrency limit), and the rows started within the window are the
 *   per-minute count. Rows older than the window with an ended lease are deleted as they age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("feed").addColumn("poll_hint_seconds", "integer").execute();
  await db.schema
    .createTable("host_fetch")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("host", "text", (c) => c.notNull())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("lease_until", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("host_fetch_host_started")
    .on("host_fetch")
    .columns(["host", "started_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("host_fetch").execute();
  await db.schema.alterTable("feed").dropColumn("poll_hint_seconds").execute();
}
