import { entryRow } from "../../contract/entities/entry.ts";
import { feedRow } from "../../contract/entities/feed.ts";
import type { EntryModel, FeedModel } from "../../contract/reading-models.ts";
import { runStatements, sql, upsert } from "./statements.ts";
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
 * A stored feed stays as it is; a stored entry only takes the fetched content.
 */
export async function storeFetchedEntry(db: LocalDatabase, entry: EntryModel, feed: FeedModel) {
  const row = entryRow({ entries: entry, feeds: feed, read: true, view: 0 });
  const feedValues = feedRow(feed);
  await db.transaction(["entries", "feeds"], (tx) =>
    runStatements(tx, [
      upsert("feeds", feedValues, ["id"], Object.keys(feedValues)),
      upsert(
        "entries",
        row,
        ["id"],
        Object.keys(row).filter((column) => column !== "content"),
      ),
    ]),
  );
}
