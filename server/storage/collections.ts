import type { DatabaseHandle } from "../db/connect.ts";
import { findVisibleEntry } from "./entry-queries.ts";
import { nowIso } from "./time.ts";

/** Stars an entry the user can see; false when it is not visible to them. */
export async function collect(
  database: DatabaseHandle,
  userId: string,
  entryId: string,
  view?: number,
) {
  const visible = await findVisibleEntry(database, userId, entryId);
  if (!visible) return false;
  const subscription = await database.db
    .selectFrom("subscription")
    .select("view")
    .where("user_id", "=", userId)
    .where("feed_id", "=", visible.entry.feed_id)
    .executeTakeFirst();
  await database.db
    .insertInto("collection")
    .values({
      user_id: userId,
      entry_id: entryId,
      feed_id: visible.entry.feed_id,
      view: view ?? subscription?.view ?? 0,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(["user_id", "entry_id"]).doNothing())
    .execute();
  return true;
}

export async function uncollect(database: DatabaseHandle, userId: string, entryId: string) {
  await database.db
    .deleteFrom("collection")
    .where("user_id", "=", userId)
    .where("entry_id", "=", entryId)
    .execute();
}

export async function isCollected(database: DatabaseHandle, userId: string, entryId: string) {
  const row = await database.db
    .selectFrom("collection")
    .select("entry_id")
    .where("user_id", "=", userId)
    .where("entry_id", "=", entryId)
    .executeTakeFirst();
  return Boolean(row);
}
