import type { Migration } from "../../src/db/migrate.ts";

/**
 * Local full-text search over what follow.db holds (global search, local mode): an FTS5
 * table with the plain text of each entry's title, content (or description), author and url.
 * Writes only note which rows changed (`entries_fts_dirty`); the index catches up on them right
 * before a local search (src/db/search-index.ts). Indexing in the triggers themselves made every
 * stored entry cost ~10 ms in the browser (pulls, pages, bulk writes), for a search run rarely.
 * `search_text()` is registered on every connection (src/db/search-functions.ts): HTML to text,
 * CJK characters apart, as the server indexes it.
 */
export const migration: Migration = {
  version: 3,
  name: "search",
  up: [
    `CREATE VIRTUAL TABLE entries_fts USING fts5(
      title, body, author, url,
      tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'"
    )`,
    "CREATE TABLE entries_fts_dirty (rowid INTEGER PRIMARY KEY)",
    `CREATE TRIGGER entries_fts_insert AFTER INSERT ON entries BEGIN
      INSERT OR IGNORE INTO entries_fts_dirty (rowid) VALUES (new.rowid);
    END`,
    `CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries BEGIN
      INSERT OR IGNORE INTO entries_fts_dirty (rowid) VALUES (old.rowid);
    END`,
    `CREATE TRIGGER entries_fts_update AFTER UPDATE OF title, content, description, author, url
      ON entries
      WHEN old.title IS NOT new.title OR old.content IS NOT new.content
        OR old.description IS NOT new.description OR old.author IS NOT new.author
        OR old.url IS NOT new.url
      BEGIN
        INSERT OR IGNORE INTO entries_fts_dirty (rowid) VALUES (new.rowid);
      END`,
    "INSERT INTO entries_fts_dirty (rowid) SELECT rowid FROM entries",
  ],
};
