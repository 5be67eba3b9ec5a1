import type { Kysely } from "kysely";

/**
 * An in-flight Idempotency-Key becomes a lease: who holds it (the server instance), a token for
 * this one claim, and a deadline after which a retry may run the write itself. Rows left in
 * flight before this migration have no deadline, so the next retry takes them over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("idempotency_key").addColumn("lease_owner", "varchar(200)").execute();
  await db.schema.alterTable("idempotency_key").addColumn("lease_token", "varchar(64)").execute();
  await db.schema.alterTable("idempotency_key").addColumn("lease_until", "varchar(40)").execute();
  // Start-up clears the in-flight keys of one owner (or all of them, on SQLite).
  await db.schema
    .createIndex("idempotency_key_in_flight")
    .on("idempotency_key")
    .columns(["status", "lease_owner"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("idempotency_key_in_flight").execute();
  for (const column of ["lease_until", "lease_token", "lease_owner"]) {
    await db.schema.alterTable("idempotency_key").dropColumn(column).execute();
  }
}
