import type { Kysely } from "kysely";

/**
 * Feed claims and achievements. A claim challenge is one code per person and feed (asking again
 * gives the same code, so a code already placed in the feed keeps working); a feed has at most
 * one claim, whose owner sees its analytics and receives its held tips. An achievement a person
 * asked for is a row: "audit" while an operator has to look at it, "received" once rewarded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("feed_claim_challenge")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("feed_id", "varchar(20)", (c) => c.notNull())
    .addColumn("code", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("feed_claim_challenge_pk", ["user_id", "feed_id"])
    .execute();

  await db.schema
    .createTable("feed_claim")
    .addColumn("feed_id", "varchar(20)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    /** Where the code was found: "description", "element", "json", "meta". */
    .addColumn("method", "varchar(16)", (c) => c.notNull())
    .addColumn("claimed_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("feed_claim_by_user").on("feed_claim").column("user_id").execute();

  await db.schema
    .createTable("achievement_award")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("achievement_id", "varchar(32)", (c) => c.notNull())
    /** "audit" (waiting for an operator) or "received". */
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    /** The POWER paid, an 18-decimal integer as text ("0" while under audit). */
    .addColumn("reward", "varchar(48)", (c) => c.notNull())
    .addColumn("requested_at", "varchar(30)", (c) => c.notNull())
    .addColumn("received_at", "varchar(30)")
    .addPrimaryKeyConstraint("achievement_award_pk", ["user_id", "achievement_id"])
    .execute();
  await db.schema
    .createIndex("achievement_award_by_status")
    .on("achievement_award")
    .columns(["status", "requested_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("achievement_award").execute();
  await db.schema.dropTable("feed_claim").execute();
  await db.schema.dropTable("feed_claim_challenge").execute();
}
