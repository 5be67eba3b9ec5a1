import type { Kysely } from "kysely";

/**
 * `totp_step`: the last TOTP time step each user signed in or confirmed with, so a code is
 * taken once (RFC 6238 §5.2) by every server process on the database.
 * `second_factor_attempt`: one budget of second-factor tries (TOTP and backup codes alike) per
 * user and per client address, counted in a window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("totp_step")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("last_step", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("second_factor_attempt")
    .addColumn("key", "varchar(300)", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("second_factor_attempt").execute();
  await db.schema.dropTable("totp_step").execute();
}
