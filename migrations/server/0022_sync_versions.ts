import type { Kysely } from "kysely";

/**
 * Each user's change counter for the live change stream (GET /sync/stream): bumped after every
 * write of theirs and when new entries reach a feed they follow. `state_version` and
 * `entries_version` keep the version at which each kind of change last happened, so a process
 * that learns of a change only by reading this table (SQLite with a separate ingest worker)
 * still says which kind it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sync_version")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .addColumn("state_version", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("entries_version", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sync_version").execute();
}
