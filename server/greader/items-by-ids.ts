import type { EntryListItem } from "../../contract/reading-models.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { hideFeedSecrets } from "../routes/feed-url-privacy.ts";
import { findVisibleEntry } from "../storage/entry-queries.ts";
import { toEntryModel, toFeedModel } from "../storage/mappers.ts";

/**
 * Entries by id, each only if the person can see it (the web app's own rule for one entry),
 * with their state: a hidden or unknown id is left out, as for an entry that does not exist.
 */
export async function itemsByIds(database: DatabaseHandle, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const [unread, starred] = await Promise.all([
    database.db
      .selectFrom("unread")
      .select("entry_id")
      .where("user_id", "=", userId)
      .where("entry_id", "in", [...ids])
      .execute(),
    database.db
      .selectFrom("collection")
      .select(["entry_id", "created_at"])
      .where("user_id", "=", userId)
      .where("entry_id", "in", [...ids])
      .execute(),
  ]);
  const unreadIds = new Set(unread.map((r) => r.entry_id));
  const starredAt = new Map(starred.map((r) => [r.entry_id, r.created_at]));
  const items: EntryListItem[] = [];
  for (const id of ids) {
    const visible = await findVisibleEntry(database, userId, id);
    if (!visible) continue;
    const at = starredAt.get(id);
    items.push({
      entries: toEntryModel(visible.entry, true),
      feeds: toFeedModel(visible.feed),
      read: !unreadIds.has(id),
      view: 0,
      ...(at ? { collections: { createdAt: at } } : {}),
    } as EntryListItem);
  }
  return hideFeedSecrets(database, userId, items);
}
