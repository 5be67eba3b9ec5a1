import { type Kysely, sql } from "kysely";

/**
 * Handles are unique whatever their case ("Ada" and "ada" are one handle). The user table and
 * its handle column are better-auth's, created before our migrations run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index if not exists user_handle_lower_idx on "user" (lower(handle))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists user_handle_lower_idx`.execute(db);
}
