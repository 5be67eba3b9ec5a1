import type { Kysely } from "kysely";

/**
 * An Idempotency-Key remembers which request it was used for: a hash of method, path and body.
 * A replay with another body is refused instead of answered with the first one's answer. Keys
 * stored before this migration have none and are replayed as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("idempotency_key").addColumn("request_hash", "varchar(64)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("idempotency_key").dropColumn("request_hash").execute();
}
