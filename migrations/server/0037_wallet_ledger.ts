import type { Kysely } from "kysely";

/**
 * POWER as a double-entry ledger. Amounts are integers of the smallest unit kept as decimal
 * text (exact on SQLite and PostgreSQL alike; never a float), added up in the server with BigInt.
 * - `wallet_account`: one per user, feed (tips held until claimed), list and the system's mint,
 *   burn and payout accounts; `balance` is the sum of its postings, `cashable` the withdrawable
 *   part of it.
 * - `wallet_transaction`: one per money movement; `(user_id, idempotency_key)` is unique, so a
 *   retried request finds the first one; `once_tag` (daily claim of a day, an airdrop, a list
 *   purchase) is unique too.
 * - `wallet_posting`: the movement itself; a transaction's postings sum to zero.
 * - `wallet_airdrop`: who an operator made eligible for how much.
 * - `wallet_setting`: the operator's daily pool.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("wallet_account")
    .addColumn("id", "varchar(120)", (c) => c.primaryKey())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("balance", "text", (c) => c.notNull().defaultTo("0"))
    .addColumn("cashable", "text", (c) => c.notNull().defaultTo("0"))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("wallet_transaction")
    .addColumn("hash", "varchar(80)", (c) => c.primaryKey())
    .addColumn("type", "varchar(16)", (c) => c.notNull())
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("idempotency_key", "varchar(200)", (c) => c.notNull())
    .addColumn("request_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("once_tag", "varchar(200)", (c) => c.unique())
    .addColumn("amount", "text", (c) => c.notNull())
    .addColumn("tax", "text", (c) => c.notNull().defaultTo("0"))
    .addColumn("from_user_id", "varchar(64)")
    .addColumn("to_user_id", "varchar(64)")
    .addColumn("to_feed_id", "varchar(64)")
    .addColumn("to_list_id", "varchar(64)")
    .addColumn("to_entry_id", "varchar(64)")
    .addColumn("comment", "text")
    .addColumn("address", "varchar(200)")
    /** "done"; a withdrawal "pending" until settled. */
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("reference", "varchar(200)")
    .addColumn("seq", "bigint", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addUniqueConstraint("wallet_transaction_by_key", ["user_id", "idempotency_key"])
    .execute();
  await db.schema
    .createIndex("wallet_transaction_by_seq")
    .on("wallet_transaction")
    .column("seq")
    .execute();
  await db.schema
    .createTable("wallet_posting")
    .addColumn("transaction_hash", "varchar(80)", (c) => c.notNull())
    .addColumn("account_id", "varchar(120)", (c) => c.notNull())
    /** Signed: negative leaves the account, positive enters it. */
    .addColumn("amount", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("wallet_posting_pk", ["transaction_hash", "account_id"])
    .execute();
  await db.schema
    .createIndex("wallet_posting_by_account")
    .on("wallet_posting")
    .column("account_id")
    .execute();
  await db.schema
    .createTable("wallet_airdrop")
    .addColumn("user_id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("amount", "text", (c) => c.notNull())
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    /** "eligible", "sending" (claim running), "sent". */
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("wallet_setting")
    .addColumn("key", "varchar(64)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "wallet_setting",
    "wallet_airdrop",
    "wallet_posting",
    "wallet_transaction",
    "wallet_account",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
