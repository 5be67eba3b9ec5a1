import type { Migration } from "../../src/db/migrate.ts";

/**
 * The search index's change triggers note a row only when it is not noted yet, instead of
 * `INSERT OR IGNORE`: an upsert's own conflict handling overrides the OR clause of the triggers
 * it fires, so re-storing an entry whose text changed while it was still noted failed on the
 * dirty table's key (and with it the whole pull or page that stored it).
 */
const note = (row: "new" | "old") =>
  `INSERT INTO entries_fts_dirty (rowid) SELECT ${row}.rowid
     WHERE NOT EXISTS (SELECT 1 FROM entries_fts_dirty WHERE rowid = ${row}.rowid);`;

export const migration: Migration = {
  version: 6,
  name: "search_dirty_upsert",
  up: [
    "DROP TRIGGER entries_fts_insert",
    "DROP TRIGGER entries_fts_delete",
    "DROP TRIGGER entries_fts_update",
    `CREATE TRIGGER entries_fts_insert AFTER INSERT ON entries BEGIN
      ${note("new")}
    END`,
    `CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries BEGIN
      ${note("old")}
    END`,
    `CREATE TRIGGER entries_fts_update AFTER UPDATE OF title, content, description, author, url
      ON entries
      WHEN old.title IS NOT new.title OR old.content IS NOT new.content
        OR old.description IS NOT new.description OR old.author IS NOT new.author
        OR old.url IS NOT new.url
      BEGIN
        ${note("new")}
      END`,
  ],
};
