import { endpoints } from "../../contract/api/index.ts";
import type { EntryListItem, EntryModel, FeedModel } from "../../contract/reading-models.ts";
import type { ApiFetch } from "../api/client.ts";
import { runStatements } from "../commands/materializers/index.ts";
import { sql } from "../commands/materializers/statement.ts";
import { entryRow, feedRow } from "../sync/mapping.ts";
import type { LocalDatabase } from "./types.ts";

/**
 * Server data the entry pane fetched, kept in the local store like a pull keeps its data: the
 * content of entries that came in list form, readability text, and entries opened by link
 * that no pull brought. These are caches, not user actions, so they are no commands.
 */
export async function storeContents(
  db: LocalDatabase,
  contents: { id: string; content: string }[],
) {
  if (contents.length === 0) return;
  await db.transaction(["entries"], (tx) =>
    runStatements(
      tx,
      contents.map(({ id, content }) =>
        sql("UPDATE entries SET content = ? WHERE id = ?", content, id),
      ),
    ),
  );
}

export async function storeReadability(db: LocalDatabase, id: string, content: string, at: Date) {
  await db.transaction(["entries"], (tx) =>
    tx.execute(
      "UPDATE entries SET readability_content = ?, readability_updated_at = ? WHERE id = ?",
      [content, at.toISOString(), id],
    ),
  );
}

/**
 * An entry opened by link that is not stored yet. Its read state is unknown here, so it is
 * stored as read: unread counts stay the server's, and nothing is marked read by opening it.
 */
async function storeFetchedEntry(db: LocalDatabase, entry: EntryModel, feed: FeedModel) {
  const item: EntryListItem = { entries: entry, feeds: feed, read: true, view: 0 };
  const row = entryRow(item);
  const feedValues = feedRow(feed);
  const columns = Object.keys(row);
  const feedColumns = Object.keys(feedValues);
  await db.transaction(["entries", "feeds"], (tx) =>
    runStatements(tx, [
      sql(
        `INSERT INTO feeds (${feedColumns.join(", ")}) VALUES (${feedColumns.map(() => "?").join(", ")})
         ON CONFLICT (id) DO NOTHING`,
        ...Object.values(feedValues),
      ),
      sql(
        `INSERT INTO entries (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})
         ON CONFLICT (id) DO UPDATE SET content = excluded.content`,
        ...Object.values(row),
      ),
    ]),
  );
}

/**
 * An entry opened by link that no pull brought: fetched once (quietly: the pane shows its own
 * state) and kept locally, where the pane's live query finds it.
 */
export async function fetchEntryIntoStore(api: ApiFetch, db: LocalDatabase, entryId: string) {
  const answer = await api.call(endpoints.entries.get, { id: entryId }, { silent: true });
  await storeFetchedEntry(db, answer.data.entries, answer.data.feeds);
}
