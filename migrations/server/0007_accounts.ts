import { type Kysely, sql } from "kysely";

/**
 * Handles are unique whatever their case ("Ada" and "ada" are one handle); the user table and
 * its handle column are better-auth's, created before our migrations run. Invitation codes:
 * who created each, and who used it (once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Databases without better-auth's tables (tools and tests that run only these migrations)
  // have no handles to keep unique.
  const tables = await db.introspection.getTables();
  if (tables.some((table) => table.name === "user")) {
    await sql`create unique index if not exists user_handle_lower_idx on "user" (lower(handle))`.execute(
      db,
    );
  }
  await db.schema
    .createTable("invitation")
    .addColumn("code", "varchar(32)", (c) => c.primaryKey())
    .addColumn("owner_user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("used_by_user_id", "varchar(64)")
    .addColumn("used_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("invitation_owner_idx")
    .on("invitation")
    .columns(["owner_user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("invitation").execute();
  await sql`drop index if exists user_handle_lower_idx`.execute(db);
}
