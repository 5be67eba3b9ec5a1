import type { Observable } from "rxjs";
import { liveQuery } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";

/** How many push-device commands wait in the outbox (the device list reloads when it drops). */
export function pendingPushCommands$(db: LocalDatabase): Observable<number> {
  return liveQuery(db, ["outbox"], async () => {
    const [row] = await db.query<{ n: number }>(
      "SELECT COUNT(*) AS n FROM outbox WHERE name LIKE 'push.%'",
    );
    return Number(row?.n ?? 0);
  });
}
