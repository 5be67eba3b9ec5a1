import {
  MAX_SAVED_SEARCHES,
  type SavedSearch,
  type SavedSearchFilters,
} from "../../contract/api/saved-searches.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { SavedSearchRow } from "../db/schema.ts";
import { StorageRefusal } from "./errors.ts";
import { nowIso } from "./time.ts";

/** Saved searches, each only ever read or changed through its owner's id. */
function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    keyword: row.keyword,
    filters: JSON.parse(row.filters) as SavedSearchFilters,
    createdAt: row.created_at,
  };
}

export async function listSavedSearches(
  database: DatabaseHandle,
  userId: string,
): Promise<SavedSearch[]> {
  const rows = await database.db
    .selectFrom("saved_search")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toSavedSearch);
}

/** Creates the search, or replaces the one of this user with that id. */
export async function saveSearch(
  database: DatabaseHandle,
  userId: string,
  search: { id: string; name: string; keyword: string; filters: SavedSearchFilters },
): Promise<SavedSearch> {
  return database.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const existing = await trx
      .selectFrom("saved_search")
      .select("created_at")
      .where("user_id", "=", userId)
      .where("id", "=", search.id)
      .executeTakeFirst();
    const values = {
      name: search.name,
      keyword: search.keyword,
      filters: JSON.stringify(search.filters),
      updated_at: now,
    };
    if (existing) {
      await trx
        .updateTable("saved_search")
        .set(values)
        .where("user_id", "=", userId)
        .where("id", "=", search.id)
        .execute();
      return toSavedSearch({
        ...values,
        user_id: userId,
        id: search.id,
        created_at: existing.created_at,
      });
    }
    const { count } = await trx
      .selectFrom("saved_search")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_SAVED_SEARCHES)
      throw new StorageRefusal(1002, `At most ${MAX_SAVED_SEARCHES} saved searches`);
    const row = { ...values, user_id: userId, id: search.id, created_at: now };
    await trx.insertInto("saved_search").values(row).execute();
    return toSavedSearch(row);
  });
}

/** Another person's search is as absent as one that never was (nothing to learn from ids). */
const NOT_FOUND = "No saved search with this id";

export async function renameSavedSearch(
  database: DatabaseHandle,
  userId: string,
  id: string,
  name: string,
): Promise<void> {
  const result = await database.db
    .updateTable("saved_search")
    .set({ name, updated_at: nowIso() })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new StorageRefusal(1002, NOT_FOUND);
}

/** Deleting a search that is already gone succeeds: a retried delete is no error. */
export async function deleteSavedSearch(
  database: DatabaseHandle,
  userId: string,
  id: string,
): Promise<void> {
  await database.db
    .deleteFrom("saved_search")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .execute();
}
