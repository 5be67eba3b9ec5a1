import type { Migration } from "../../src/db/migrate.ts";

/**
 * Saved searches (a query and its filters under a name), as the sidebar lists them and their
 * timelines read them; filled by pulls, changed by commands.
 */
export const migration: Migration = {
  version: 4,
  name: "saved_searches",
  up: [
    `CREATE TABLE saved_searches (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      keyword TEXT NOT NULL,
      filters TEXT NOT NULL DEFAULT '{}',
      created_at TEXT NOT NULL
    )`,
  ],
};
