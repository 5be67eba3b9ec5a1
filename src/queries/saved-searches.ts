import type { Observable } from "rxjs";
import type { SavedSearchFilters } from "../../contract/api/saved-searches.ts";
import { liveQuery } from "../db/queries.ts";
import type { LocalDatabase, SqlRunner } from "../db/types.ts";

/** A saved search as the sidebar lists it and its timeline reads it. */
export interface SavedSearchItem {
  id: string;
  name: string;
  keyword: string;
  filters: SavedSearchFilters;
}

type Row = { id: string; name: string; keyword: string; filters: string };

function toItem(row: Row): SavedSearchItem {
  let filters: SavedSearchFilters = {};
  try {
    filters = JSON.parse(row.filters) as SavedSearchFilters;
  } catch {
    // A damaged row still opens, without its filters.
  }
  return { id: row.id, name: row.name, keyword: row.keyword, filters };
}

/** The person's saved searches, in the order they were saved. */
export function savedSearches$(db: LocalDatabase): Observable<SavedSearchItem[]> {
  return liveQuery(db, ["saved_searches"], async () =>
    (
      await db.query<Row>(
        "SELECT id, name, keyword, filters FROM saved_searches ORDER BY created_at, id",
      )
    ).map(toItem),
  );
}

export async function readSavedSearch(
  db: SqlRunner,
  searchId: string,
): Promise<SavedSearchItem | undefined> {
  const [row] = await db.query<Row>(
    "SELECT id, name, keyword, filters FROM saved_searches WHERE id = ?",
    [searchId],
  );
  return row ? toItem(row) : undefined;
}
