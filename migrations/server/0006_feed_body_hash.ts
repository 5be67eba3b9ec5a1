import type { Kysely } from "kysely";

/**
 * The SHA-256 of the feed body last ingested: a refresh whose 200 answer carries the same bytes
 * (servers that ignore conditional requests) skips parsing and sanitizing it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("feed").addColumn("body_hash", "varchar(64)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("feed").dropColumn("body_hash").execute();
}
