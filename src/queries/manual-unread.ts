import type { Observable } from "rxjs";
import { local, select } from "../db/local-sql.ts";
import { liveSelect } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";

const MANUAL_UNREAD = select(
  local.selectFrom("manual_unread").select("entry_id").orderBy("entry_id"),
);

/**
 * Entries marked unread by hand, which automatic mark-as-read leaves alone. An array, not a Set:
 * live queries compare results as JSON, and every Set is "{}".
 */
export function manualUnreadIds$(db: LocalDatabase): Observable<readonly string[]> {
  return liveSelect(db, MANUAL_UNREAD, (rows) => rows.map((row) => row.entry_id));
}
