import type { Kysely } from "kysely";

/**
 * The integrations' secrets (tokens, passwords, Cubox API URLs), one row per user and setting,
 * encrypted (AES-256-GCM, key derived from the server's auth secret). The `integration`
 * settings tab holds only hints of them, so GET settings never answers a secret in full.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("integration_secret")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("ciphertext", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("integration_secret_pk", ["user_id", "name"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("integration_secret").execute();
}
