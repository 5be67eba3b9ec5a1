import type { Migration } from "../../src/db/migrate.ts";
import { migration as m0000 } from "./0000_entities.ts";
import { migration as m0001 } from "./0001_event_log.ts";
import { migration as m0002 } from "./0002_timeline_index.ts";
import { migration as m0003 } from "./0003_search.ts";
import { migration as m0004 } from "./0004_saved_searches.ts";
import { migration as m0005 } from "./0005_manual_unread.ts";
import { migration as m0006 } from "./0006_search_dirty_upsert.ts";
import { migration as m0007 } from "./0007_highlights_tags.ts";
import { migration as m0008 } from "./0008_reading_positions.ts";
import { migration as m0009 } from "./0009_feed_next_retry.ts";

/**
 * Local database (follow.db) migrations, numbered from 0 and append-only: never edit or
 * remove one that has shipped, add the next number instead. A database that recorded a
 * version missing from this list refuses to open (the coded 'Missing migration' error).
 *
 * Naming: tables and columns are snake_case (`published_at`, `is_private`); booleans are
 * INTEGER 0/1, lists and objects JSON in TEXT, timestamps ISO-8601 TEXT.
 */
export const clientMigrations: readonly Migration[] = [
  m0000,
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
];
