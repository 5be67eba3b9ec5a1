import type { Observable } from "rxjs";
import { listsTable } from "../../contract/entities/list-table.ts";
import { local, select } from "../db/local-sql.ts";
import { liveSelect } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";

/** A list as Settings › Lists shows it. */
export interface OwnedList {
  id: string;
  title: string;
  description: string | null;
  view: number;
  feedIds: string[];
  subscriptionCount: number;
}

/** The lists this person owns, by title. */
export function ownedLists$(db: LocalDatabase, userId: string): Observable<OwnedList[]> {
  const query = select(
    local
      .selectFrom("lists")
      .select(["id", "title", "description", "view", "feed_ids", "subscription_count"])
      .where("owner_user_id", "=", userId)
      .orderBy(
        (eb) => eb.ref("title"),
        (order) => order.collate("nocase"),
      )
      .orderBy("id"),
  );
  return liveSelect(db, query, (rows) =>
    rows.map((stored) => {
      const row = listsTable.decode(stored);
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        view: row.view,
        feedIds: stringIds(row.feed_ids),
        subscriptionCount: row.subscription_count ?? 0,
      };
    }),
  );
}

/** Feed ids from a stored array that may be damaged or hold other values. */
function stringIds(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
