import type { Migration } from "../../src/db/migrate.ts";

/**
 * Local full-text search over what follow.db holds (SPEC §1 global search, local mode): an FTS5
 * table with the plain text of each entry's title, content (or description), author and url,
 * kept in step with `entries` by triggers. `search_text()` is registered on every connection
 * (src/db/search-functions.ts): HTML to text, CJK characters apart, as the server indexes it.
 */
export const migration: Migration = {
  version: 3,
  name: "search",
  up: [
    `CREATE VIRTUAL TABLE entries_fts USING fts5(
      title, body, author, url,
      tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'"
    )`,
    `CREATE TRIGGER entries_fts_insert AFTER INSERT ON entries BEGIN
      INSERT INTO entries_fts (rowid, title, body, author, url) VALUES (new.rowid,
        search_text(new.title, 0), search_text(coalesce(new.content, new.description), 1),
        search_text(new.author, 0), search_text(new.url, 0));
    END`,
    `CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries BEGIN
      DELETE FROM entries_fts WHERE rowid = old.rowid;
    END`,
    `CREATE TRIGGER entries_fts_update AFTER UPDATE OF title, content, description, author, url
      ON entries BEGIN
      DELETE FROM entries_fts WHERE rowid = old.rowid;
      INSERT INTO entries_fts (rowid, title, body, author, url) VALUES (new.rowid,
        search_text(new.title, 0), search_text(coalesce(new.content, new.description), 1),
        search_text(new.author, 0), search_text(new.url, 0));
    END`,
    `INSERT INTO entries_fts (rowid, title, body, author, url)
      SELECT rowid, search_text(title, 0), search_text(coalesce(content, description), 1),
        search_text(author, 0), search_text(url, 0) FROM entries`,
  ],
};
