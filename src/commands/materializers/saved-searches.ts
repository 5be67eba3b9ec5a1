import { type Statement, sql } from "../../db/statements.ts";
import type { EventData } from "../events.ts";

/** Saved searches in the local `saved_searches` table (filters as JSON). */
export function searchSaved(data: EventData["SearchSaved"]): Statement[] {
  return [
    sql(
      `INSERT INTO saved_searches (id, name, keyword, filters, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, keyword = excluded.keyword,
         filters = excluded.filters`,
      data.searchId,
      data.name,
      data.keyword,
      JSON.stringify(data.filters),
      data.createdAt,
    ),
  ];
}

export function savedSearchRenamed(data: EventData["SavedSearchRenamed"]): Statement[] {
  return [sql("UPDATE saved_searches SET name = ? WHERE id = ?", data.name, data.searchId)];
}

export function savedSearchDeleted(data: EventData["SavedSearchDeleted"]): Statement[] {
  return [sql("DELETE FROM saved_searches WHERE id = ?", data.searchId)];
}
