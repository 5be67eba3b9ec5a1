import type { LocalDatabase } from "./types.ts";

/** Rows indexed per transaction: other writes wait at most one batch. */
const BATCH = 2000;

/**
 * Brings the local full-text index up to date with the rows written since it last ran
 * (`entries_fts_dirty`, migrations/client/0003_search.ts): each noted row is taken out of the
 * index and put back if it still exists, batch by batch. Answers how many rows it went over.
 */
export async function refreshSearchIndex(db: LocalDatabase): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(["entries_fts", "entries_fts_dirty"], async (tx) => {
      const rows = await tx.query<{ rowid: number }>(
        "SELECT rowid FROM entries_fts_dirty ORDER BY rowid LIMIT ?",
        [BATCH],
      );
      if (rows.length === 0) return 0;
      const ids = JSON.stringify(rows.map((row) => row.rowid));
      const batch = "SELECT value FROM json_each(?)";
      await tx.execute(`DELETE FROM entries_fts WHERE rowid IN (${batch})`, [ids]);
      await tx.execute(
        `INSERT INTO entries_fts (rowid, title, body, author, url)
         SELECT rowid, search_text(title, 0), search_text(coalesce(content, description), 1),
                search_text(author, 0), search_text(url, 0)
         FROM entries WHERE rowid IN (${batch})`,
        [ids],
      );
      await tx.execute(`DELETE FROM entries_fts_dirty WHERE rowid IN (${batch})`, [ids]);
      return rows.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}
