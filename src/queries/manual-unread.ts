import type { Observable } from "rxjs";
import { liveQuery } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";

/** Entries marked unread by hand, which automatic mark-as-read leaves alone. */
export function manualUnreadIds$(db: LocalDatabase): Observable<ReadonlySet<string>> {
  return liveQuery(db, ["manual_unread"], async () => {
    const rows = await db.query<{ entry_id: string }>("SELECT entry_id FROM manual_unread");
    return new Set(rows.map((row) => row.entry_id));
  });
}
