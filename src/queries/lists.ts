import type { Observable } from "rxjs";
import { liveQuery } from "../db/queries.ts";
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

type Row = {
  id: string;
  title: string;
  description: string | null;
  view: number;
  feed_ids: string | null;
  subscription_count: number | null;
};

/** The lists this person owns, by title. */
export function ownedLists$(db: LocalDatabase, userId: string): Observable<OwnedList[]> {
  return liveQuery(db, ["lists"], async () => {
    const rows = await db.query<Row>(
      `SELECT id, title, description, view, feed_ids, subscription_count FROM lists
       WHERE owner_user_id = ? ORDER BY title COLLATE NOCASE, id`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      view: row.view,
      feedIds: parseIds(row.feed_ids),
      subscriptionCount: row.subscription_count ?? 0,
    }));
  });
}

function parseIds(text: string | null): string[] {
  try {
    const value = text ? JSON.parse(text) : [];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
