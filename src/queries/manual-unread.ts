import type { Observable } from "rxjs";
import { liveQuery } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";

/**
 * Entries marked unread by hand, which automatic mark-as-read leaves alone. An array, not a Set:
 * live queries compare results as JSON, and every Set is "{}".
 */
export function manualUnreadIds$(db: LocalDatabase): Observable<readonly string[]> {
  return liveQuery(db, ["manual_unread"], async () => {
    const rows = await db.query<{ entry_id: string }>(
      "SELECT entry_id FROM manual_unread ORDER BY entry_id",
    );
    return rows.map((row) => row.entry_id);
  });
}
