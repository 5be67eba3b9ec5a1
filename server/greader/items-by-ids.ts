import type { DatabaseHandle } from "../db/connect.ts";
import { hideFeedSecrets } from "../routes/feed-url-privacy.ts";
import {
  isVisibleRow,
  toVisibleItem,
  type VisibleRow,
  visibleEntriesQuery,
} from "./visible-entries.ts";

/** Ids per query (bound parameters stay far below every database's limit). */
const CHUNK = 500;

/**
 * Entries by id, in the order asked, each only if the person can see it (the web app's own
 * rule for one entry, as one query per 500 ids), with their state: a hidden or unknown id is
 * left out, as for an entry that does not exist.
 */
export async function itemsByIds(database: DatabaseHandle, userId: string, ids: readonly string[]) {
  const rows = new Map<string, VisibleRow>();
  for (let at = 0; at < ids.length; at += CHUNK) {
    const chunk = ids.slice(at, at + CHUNK);
    const found = await visibleEntriesQuery(database, userId, true)
      .where("entry.id", "in", chunk)
      .execute();
    for (const row of found) if (isVisibleRow(row, userId)) rows.set(row.id, row);
  }
  const items = ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toVisibleItem(row, true)] : [];
  });
  return hideFeedSecrets(database, userId, items);
}
