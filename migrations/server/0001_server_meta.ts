import type { Kysely } from "kysely";

/** Server bookkeeping and idempotent writes (replayed writes are answered from here). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("server_meta")
    .addColumn("key", "varchar(100)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "varchar(40)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("idempotency_key")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("key", "varchar(200)", (c) => c.notNull())
    .addColumn("method", "varchar(10)", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_key_pk", ["user_id", "key"])
    .execute();
  await db.schema
    .createIndex("idempotency_key_created_at")
    .on("idempotency_key")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotency_key").execute();
  await db.schema.dropTable("server_meta").execute();
}
