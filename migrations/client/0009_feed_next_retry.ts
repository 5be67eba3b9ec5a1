import type { Migration } from "../../src/db/migrate.ts";

/** When a failing feed is tried next, shown beside its error in the sidebar and Settings › Feeds. */
export const migration: Migration = {
  version: 9,
  name: "feed_next_retry",
  up: ["ALTER TABLE feeds ADD COLUMN next_retry_at TEXT"],
};
