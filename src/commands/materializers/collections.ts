import { type Statement, sql } from "../../db/statements.ts";
import type { EventData } from "../events.ts";

/** A star takes the view given, else its subscription's view, else Articles (as the server). */
export function entryStarred(data: EventData["EntryStarred"]): Statement[] {
  return [
    sql(
      `INSERT INTO collections (entry_id, feed_id, created_at, view)
       SELECT ?, COALESCE(?, e.feed_id), ?, COALESCE(?, s.view, 0)
       FROM (SELECT 1) LEFT JOIN entries e ON e.id = ?
         LEFT JOIN subscriptions s ON s.feed_id = COALESCE(?, e.feed_id)
       WHERE true LIMIT 1
       ON CONFLICT (entry_id) DO NOTHING`,
      data.entryId,
      data.feedId ?? null,
      data.createdAt,
      data.view ?? null,
      data.entryId,
      data.feedId ?? null,
    ),
  ];
}

export function entryUnstarred(data: EventData["EntryUnstarred"]): Statement[] {
  return [sql("DELETE FROM collections WHERE entry_id = ?", data.entryId)];
}
