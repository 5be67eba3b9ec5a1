import { MAX_TAGS_PER_ENTRY } from "../../contract/api/tags.ts";
import type { EntryTagModel } from "../../contract/entities/entry-tag.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { findVisibleEntry } from "./entry-queries.ts";
import { StorageRefusal } from "./errors.ts";
import { nowIso } from "./time.ts";

/** Tags on entries, each only ever read or changed through its owner's id. */
export async function listAllEntryTags(
  database: DatabaseHandle,
  userId: string,
): Promise<EntryTagModel[]> {
  const rows = await database.db
    .selectFrom("entry_tag")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("entry_id")
    .orderBy("tag")
    .execute();
  return rows.map((row) => ({ entryId: row.entry_id, tag: row.tag, createdAt: row.created_at }));
}

/**
 * The user's tags on the given entries, by entry id (an entry without tags is absent). For the
 * Google Reader API's labels and the exports.
 */
export async function listEntryTags(
  database: DatabaseHandle,
  userId: string,
  entryIds: readonly string[],
): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>();
  if (entryIds.length === 0) return tags;
  const rows = await database.db
    .selectFrom("entry_tag")
    .select(["entry_id", "tag"])
    .where("user_id", "=", userId)
    .where("entry_id", "in", [...new Set(entryIds)])
    .orderBy("tag")
    .execute();
  for (const row of rows) tags.set(row.entry_id, [...(tags.get(row.entry_id) ?? []), row.tag]);
  return tags;
}

/** The names of the user's entry tags, sorted (at most `limit`). */
export async function entryTagNames(database: DatabaseHandle, userId: string, limit = 1000) {
  const rows = await database.db
    .selectFrom("entry_tag")
    .select("tag")
    .distinct()
    .where("user_id", "=", userId)
    .orderBy("tag")
    .limit(limit)
    .execute();
  return rows.map((row) => row.tag);
}

/** Entry ids carrying a tag, for timelines and search. */
export async function entryIdsTagged(database: DatabaseHandle, userId: string, tag: string) {
  const rows = await database.db
    .selectFrom("entry_tag")
    .select("entry_id")
    .where("user_id", "=", userId)
    .where("tag", "=", tag)
    .execute();
  return rows.map((row) => row.entry_id);
}

/** Tags an entry the user can see; the same tag again changes nothing. */
export async function addEntryTag(
  database: DatabaseHandle,
  userId: string,
  entryId: string,
  tag: string,
): Promise<void> {
  if (!(await findVisibleEntry(database, userId, entryId))) throw new StorageRefusal(3000);
  const { count } = await database.db
    .selectFrom("entry_tag")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("entry_id", "=", entryId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_TAGS_PER_ENTRY)
    throw new StorageRefusal(1002, `At most ${MAX_TAGS_PER_ENTRY} tags on an entry`);
  await database.db
    .insertInto("entry_tag")
    .values({ user_id: userId, entry_id: entryId, tag, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["user_id", "entry_id", "tag"]).doNothing())
    .execute();
}

/** Removing a tag the entry does not carry succeeds: a retried removal is no error. */
export async function removeEntryTag(
  database: DatabaseHandle,
  userId: string,
  entryId: string,
  tag: string,
): Promise<void> {
  await database.db
    .deleteFrom("entry_tag")
    .where("user_id", "=", userId)
    .where("entry_id", "=", entryId)
    .where("tag", "=", tag)
    .execute();
}

/**
 * Renames a tag on all the user's entries; onto an existing tag it merges (an entry carrying
 * both keeps the target once).
 */
export async function renameEntryTag(
  database: DatabaseHandle,
  userId: string,
  from: string,
  to: string,
): Promise<void> {
  if (from === to) return;
  await database.db.transaction().execute(async (trx) => {
    const both = trx
      .selectFrom("entry_tag")
      .select("entry_id")
      .where("user_id", "=", userId)
      .where("tag", "=", to);
    await trx
      .deleteFrom("entry_tag")
      .where("user_id", "=", userId)
      .where("tag", "=", from)
      .where("entry_id", "in", both)
      .execute();
    await trx
      .updateTable("entry_tag")
      .set({ tag: to })
      .where("user_id", "=", userId)
      .where("tag", "=", from)
      .execute();
  });
}
