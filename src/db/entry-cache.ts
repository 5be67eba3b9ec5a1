import { entryRow } from "../../contract/entities/entry-table.ts";
import { feedRow } from "../../contract/entities/feed-table.ts";
import type { EntryModel, FeedModel } from "../../contract/reading-models.ts";
import { local, statement } from "./local-sql.ts";
import type { LocalTables } from "./local-tables.ts";
import { runStatements } from "./statements.ts";
import type { LocalDatabase } from "./types.ts";
import { upsertRows } from "./upsert-rows.ts";

type FeedColumn = keyof LocalTables["feeds"];
type EntryColumn = keyof LocalTables["entries"];

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
        statement(local.updateTable("entries").set({ content }).where("id", "=", id)),
      ),
    ),
  );
}

export async function storeReadability(db: LocalDatabase, id: string, content: string, at: Date) {
  const write = statement(
    local
      .updateTable("entries")
      .set({ readability_content: content, readability_updated_at: at.toISOString() })
      .where("id", "=", id),
  );
  await db.transaction(["entries"], (tx) => tx.execute(write.sql, write.params));
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
      ...upsertRows("feeds", [feedValues], ["id"], Object.keys(feedValues) as FeedColumn[]),
      ...upsertRows(
        "entries",
        [row],
        ["id"],
        (Object.keys(row) as EntryColumn[]).filter((column) => column !== "content"),
      ),
    ]),
  );
}
