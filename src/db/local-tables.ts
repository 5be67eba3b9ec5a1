import { feedsTable } from "../../contract/entities/feed.ts";
import { inboxesTable } from "../../contract/entities/inbox.ts";
import { listsTable } from "../../contract/entities/list.ts";
import type { StoredTables } from "../../contract/entities/local-table.ts";
import { subscriptionsTable } from "../../contract/entities/subscription.ts";
import { usersTable } from "../../contract/entities/user.ts";
import { entriesFtsDirtyTable } from "./tables/entries-fts-dirty.ts";
import { eventsTable } from "./tables/events.ts";
import { imagesTable } from "./tables/images.ts";
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

export type LocalTables = StoredTables<typeof LOCAL_TABLES>;
