import type { Observable } from "rxjs";
import { local, select } from "../db/local-sql.ts";
import { liveSelect } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";

const pendingPushCount = select(
  local
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("name", "like", "push.%"),
);

/** How many push-device commands wait in the outbox (the device list reloads when it drops). */
export function pendingPushCommands$(db: LocalDatabase): Observable<number> {
  return liveSelect(db, pendingPushCount, ([row]) => Number(row?.n ?? 0));
}
