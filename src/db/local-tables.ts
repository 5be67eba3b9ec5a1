import { collectionsTable } from "../../contract/entities/collection-table.ts";
import { entriesTable } from "../../contract/entities/entry-table.ts";
import { entryTagsTable } from "../../contract/entities/entry-tag-table.ts";
import { feedsTable } from "../../contract/entities/feed-table.ts";
import { highlightsTable } from "../../contract/entities/highlight-table.ts";
import { inboxesTable } from "../../contract/entities/inbox-table.ts";
import { listsTable } from "../../contract/entities/list-table.ts";
import type { StoredTables } from "../../contract/entities/local-table.ts";
import { readingPositionsTable } from "../../contract/entities/reading-position-table.ts";
import { savedSearchesTable } from "../../contract/entities/saved-search-table.ts";
import { subscriptionsTable } from "../../contract/entities/subscription-table.ts";
import { usersTable } from "../../contract/entities/user-table.ts";
import type { EntriesFtsRow } from "./tables/entries-fts.ts";
import { entriesFtsDirtyTable } from "./tables/entries-fts-dirty.ts";
import { eventsTable } from "./tables/events.ts";
import { imagesTable } from "./tables/images.ts";
import { manualUnreadTable } from "./tables/manual-unread.ts";
import { metaTable } from "./tables/meta.ts";
import { outboxTable } from "./tables/outbox.ts";
import { summariesTable } from "./tables/summaries.ts";
import { translationsTable } from "./tables/translations.ts";
import { unreadTable } from "./tables/unread.ts";

/**
 * Every table of follow.db that is declared: synced entities from `contract/entities/`, local
 * caches from `./tables/`. The statement builder, the row codecs and the schema test all read
 * this list; a migration embeds each table's DDL as text (see the test beside it).
 */
export const LOCAL_TABLES = [
  listsTable,
  savedSearchesTable,
  highlightsTable,
  readingPositionsTable,
  entryTagsTable,
  entriesTable,
  collectionsTable,
  manualUnreadTable,
  feedsTable,
  subscriptionsTable,
  inboxesTable,
  usersTable,
  unreadTable,
  summariesTable,
  translationsTable,
  imagesTable,
  eventsTable,
  outboxTable,
  metaTable,
  entriesFtsDirtyTable,
] as const;

/** The declared tables, and the FTS5 index (a virtual table, typed by hand). */
export type LocalTables = StoredTables<typeof LOCAL_TABLES> & { entries_fts: EntriesFtsRow };
