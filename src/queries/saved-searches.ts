import type { Observable } from "rxjs";
import type { SavedSearchFilters } from "../../contract/entities/saved-search.ts";
import { savedSearchesTable } from "../../contract/entities/saved-search-table.ts";
import { local, select } from "../db/local-sql.ts";
import { liveSelect } from "../db/queries.ts";
import { selectRows } from "../db/select-rows.ts";
import type { LocalDatabase, SqlRunner } from "../db/types.ts";

/** A saved search as the sidebar lists it and its timeline reads it. */
export interface SavedSearchItem {
  id: string;
  name: string;
  keyword: string;
  filters: SavedSearchFilters;
}

const columns = ["id", "name", "keyword", "filters"] as const;

function toItem(row: { id: string; name: string; keyword: string; filters: string }) {
  const decoded = savedSearchesTable.decode(row);
  // A damaged row still opens, without its filters.
  return { ...decoded, filters: decoded.filters ?? {} } satisfies SavedSearchItem;
}

/** The person's saved searches, in the order they were saved. */
export function savedSearches$(db: LocalDatabase): Observable<SavedSearchItem[]> {
  const query = select(
    local.selectFrom("saved_searches").select(columns).orderBy("created_at").orderBy("id"),
  );
  return liveSelect(db, query, (rows) => rows.map(toItem));
}

export async function readSavedSearch(
  db: SqlRunner,
  searchId: string,
): Promise<SavedSearchItem | undefined> {
  const query = select(
    local.selectFrom("saved_searches").select(columns).where("id", "=", searchId),
  );
  const [row] = await selectRows(db, query);
  return row ? toItem(row) : undefined;
}
