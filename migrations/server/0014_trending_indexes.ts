import type { Kysely } from "kysely";

/**
 * Trending (discover) reads the last days of subscriptions, list follows, reads and stars:
 * these indexes let it seek the window instead of walking every row ever written.
 */
const INDEXES = [
  ["subscription_created", "subscription", "created_at"],
  ["list_subscription_created", "list_subscription", "created_at"],
  ["read_history_read_at", "read_history", "read_at"],
  ["collection_created", "collection", "created_at"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of INDEXES) {
    await db.schema.createIndex(name).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
