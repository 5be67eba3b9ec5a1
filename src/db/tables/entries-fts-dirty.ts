import { integer } from "../../../contract/entities/columns.ts";
import { localTable } from "../../../contract/entities/local-table.ts";

/**
 * Rowids of entries whose search text changed since the index last caught up (triggers on
 * `entries` fill it; src/db/search-index.ts empties it).
 */
export const entriesFtsDirtyTable = localTable({
  name: "entries_fts_dirty",
  columns: { rowid: integer() },
  key: ["rowid"],
});
