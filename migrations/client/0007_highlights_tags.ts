import type { Migration } from "../../src/db/migrate.ts";

/**
 * Highlights (passages of entries with a colour and a note) and the tags put on entries, as
 * the entry pane, the Highlights page and tag timelines read them; filled by pulls, changed by
 * commands. A highlight's passage and note are searched as part of its entry's text, so a
 * change to one notes the entry for the search index (src/db/search-index.ts).
 */
const noteEntry = (row: "new" | "old") =>
  `INSERT INTO entries_fts_dirty (rowid) SELECT e.rowid FROM entries e
     WHERE e.id = ${row}.entry_id
       AND NOT EXISTS (SELECT 1 FROM entries_fts_dirty d WHERE d.rowid = e.rowid);`;

export const migration: Migration = {
  version: 7,
  name: "highlights_tags",
  up: [
    `CREATE TABLE highlights (
  id TEXT PRIMARY KEY NOT NULL,
  entry_id TEXT NOT NULL,
  color TEXT NOT NULL,
  note TEXT NOT NULL,
  exact TEXT NOT NULL,
  prefix TEXT NOT NULL,
  suffix TEXT NOT NULL,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
)`,
    "CREATE INDEX highlights_by_entry ON highlights (entry_id, start)",
    `CREATE TABLE entry_tags (
  entry_id TEXT NOT NULL,
  tag TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (entry_id, tag)
)`,
    "CREATE INDEX entry_tags_by_tag ON entry_tags (tag, entry_id)",
    `CREATE TRIGGER highlights_search_insert AFTER INSERT ON highlights BEGIN
      ${noteEntry("new")}
    END`,
    `CREATE TRIGGER highlights_search_update AFTER UPDATE OF exact, note ON highlights BEGIN
      ${noteEntry("new")}
    END`,
    `CREATE TRIGGER highlights_search_delete AFTER DELETE ON highlights BEGIN
      ${noteEntry("old")}
    END`,
  ],
};
