import type { Kysely } from "kysely";

/**
 * App passwords (for the Google Reader and Fever APIs) and personal access tokens (Bearer
 * tokens for the product's own API), each a person's own. Only hashes are kept: `secret_hash`
 * is the SHA-256 of the high-entropy random secret (no salt or slow hash needed for random
 * secrets, and it can be looked up). `fever_key_hash` (app passwords only) is
 * sha256(md5(lower(email) + ":" + app password)): the Fever API's api_key is that md5, so it is
 * checked without the plaintext.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("access_token")
    .addColumn("id", "varchar(20)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    /** "app_password" or "personal". */
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    /** "read" or "write". */
    .addColumn("scope", "varchar(8)", (c) => c.notNull())
    .addColumn("secret_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("fever_key_hash", "varchar(64)")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("last_used_at", "varchar(30)")
    .addColumn("revoked_at", "varchar(30)")
    .execute();
  await db.schema
    .createIndex("access_token_by_user")
    .on("access_token")
    .column("user_id")
    .execute();
  await db.schema
    .createIndex("access_token_by_fever_key")
    .on("access_token")
    .column("fever_key_hash")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("access_token").execute();
}
