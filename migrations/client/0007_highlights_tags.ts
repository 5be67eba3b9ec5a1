import type { Migration } from "../../src/db/migrate.ts";

/**
 * Highlights (passages of entries with a colour and a note) and the tags put on entries, as
 * the entry pane, the Highlights page and tag timelines read them; filled by pulls, changed by
 * commands.
 */
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
  ],
};
