import type { Migration } from "../../src/db/migrate.ts";

/**
 * Where the person stopped in entries (an article's fraction and block text, an episode's
 * time), every device's latest per entry: filled by pulls, changed by this device's commands.
 */
export const migration: Migration = {
  version: 8,
  name: "reading_positions",
  up: [
    `CREATE TABLE reading_positions (
  entry_id TEXT NOT NULL,
  device_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  fraction REAL NOT NULL,
  quote TEXT NOT NULL,
  seconds REAL NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (entry_id, device_id, kind)
)`,
    "CREATE INDEX reading_positions_by_time ON reading_positions (updated_at)",
  ],
};
