import type { Migration } from "../../src/db/migrate.ts";

/**
 * Entries the person marked unread by hand. Automatic marking (scrolled past, hovered, displayed)
 * leaves them alone until the person reads them again (opens one, marks it or all read).
 */
export const migration: Migration = {
  version: 5,
  name: "manual_unread",
  up: ["CREATE TABLE manual_unread (entry_id TEXT PRIMARY KEY NOT NULL)"],
};
