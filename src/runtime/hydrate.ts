import { sql } from "kysely";
import { local, select } from "../db/local-sql.ts";
import type { LocalTables } from "../db/local-tables.ts";
import { selectRows } from "../db/select-rows.ts";
import type { LocalDatabase } from "../db/types.ts";

/** At most this many entries per subscription are hydrated at start-up (starred and pending ones besides). */
export const HYDRATE_ENTRIES_PER_SUBSCRIPTION = 20;

/** List form: every column but the content (the entry pane loads that on demand). */
const LIST_COLUMNS = [
  "id",
  "title",
  "url",
  "description",
  "guid",
  "author",
  "author_url",
  "author_avatar",
  "inserted_at",
  "published_at",
  "media",
  "categories",
  "attachments",
  "extra",
  "language",
  "feed_id",
  "inbox_handle",
  "read",
] as const;

type ListColumn = (typeof LIST_COLUMNS)[number];
type EntryInListForm = Pick<LocalTables["entries"], ListColumn>;

const SUBSCRIPTIONS = select(local.selectFrom("subscriptions").selectAll().orderBy("created_at"));
const UNREAD = select(local.selectFrom("unread").select(["subscription_id", "count"]));

/** What start-up holds in memory when data persistence is on. */
export interface HydratedState {
  subscriptions: LocalTables["subscriptions"][];
  unread: Record<string, number>;
  /** Every hydrated entry once, by id, in list form. */
  entries: Map<string, EntryInListForm>;
  /** Entry ids by subscription id, newest first, at most 20 each. */
  entriesBySubscription: Record<string, string[]>;
  /** Starred entries, kept whatever their age. */
  starred: string[];
  /** Entries a command still waiting to be sent names, kept whatever their age. */
  pending: string[];
}

/**
 * The newest `limit` entries (a parameter) of each subscription whose `subscriptionColumn`
 * names `column`. Per subscription, the (key, published_at) index yields its newest N rowids:
 * the work is N rows a subscription however many are stored (a window over all of them was
 * 2-3x slower).
 */
function newestPer(column: "feed_id" | "inbox_handle", subscriptionColumn: "feed_id" | "inbox_id") {
  return (limit: number) =>
    select(
      local
        .selectFrom("subscriptions as s")
        .innerJoin("entries as e", (join) =>
          join.on((eb) =>
            eb(
              sql.ref("e.rowid"),
              "in",
              eb
                .selectFrom("entries")
                .select(sql<number>`rowid`.as("rowid"))
                .whereRef(`entries.${column}`, "=", `s.${subscriptionColumn}`)
                .orderBy("published_at", "desc")
                .limit(limit),
            ),
          ),
        )
        .select(LIST_COLUMNS.map((name) => `e.${name}` as const))
        .where(`s.${subscriptionColumn}`, "is not", null)
        .orderBy(`e.${column}`)
        .orderBy("e.published_at", "desc"),
    );
}

const NEWEST_OF_FEEDS = newestPer("feed_id", "feed_id");
const NEWEST_OF_INBOXES = newestPer("inbox_handle", "inbox_id");

const STARRED = select(
  local
    .selectFrom("entries")
    .select(LIST_COLUMNS)
    .where("id", "in", local.selectFrom("collections").select("entry_id")),
);

/** Commands name entries as `entryId` or `entryIds` (entries.*, collections.*). */
const namedByCommands = local
  .selectFrom("outbox")
  .select(sql<string>`json_extract(payload, '$.entryId')`.as("id"))
  .union(
    local
      .selectFrom([
        "outbox",
        sql<{ value: string }>`json_each(outbox.payload, '$.entryIds')`.as("ids"),
      ])
      .select("ids.value as id")
      .where(sql`json_type(outbox.payload, '$.entryIds')`, "=", sql.lit("array")),
  );

const PENDING = select(
  local.selectFrom("entries").select(LIST_COLUMNS).where("id", "in", namedByCommands),
);

/**
 * Reads what the first screens need from the local database into memory: subscriptions,
 * unread counts, the newest 20 entries of each subscription, and every starred entry or entry
 * a pending command names (those must stay at hand whatever their age).
 */
export async function hydrate(
  db: LocalDatabase,
  perSubscription = HYDRATE_ENTRIES_PER_SUBSCRIPTION,
): Promise<HydratedState> {
  const subscriptions = await selectRows(db, SUBSCRIPTIONS);
  const unreadRows = await selectRows(db, UNREAD);
  const byFeed = new Map<string, string>();
  const byInbox = new Map<string, string>();
  for (const row of subscriptions) {
    if (row.feed_id !== null && row.feed_id !== undefined)
      byFeed.set(String(row.feed_id), String(row.id));
    if (row.inbox_id !== null && row.inbox_id !== undefined)
      byInbox.set(String(row.inbox_id), String(row.id));
  }
  const entries = new Map<string, EntryInListForm>();
  const entriesBySubscription: Record<string, string[]> = {};
  const keep = (rows: EntryInListForm[], key: (row: EntryInListForm) => string | undefined) => {
    for (const row of rows) {
      entries.set(String(row.id), row);
      const subscription = key(row);
      if (subscription === undefined) continue;
      const list = entriesBySubscription[subscription] ?? [];
      list.push(String(row.id));
      entriesBySubscription[subscription] = list;
    }
  };
  keep(await selectRows(db, NEWEST_OF_FEEDS(perSubscription)), (row) =>
    byFeed.get(String(row.feed_id)),
  );
  if (byInbox.size > 0) {
    keep(await selectRows(db, NEWEST_OF_INBOXES(perSubscription)), (row) =>
      byInbox.get(String(row.inbox_handle)),
    );
  }
  const idsOf = (rows: EntryInListForm[]) => {
    keep(rows, () => undefined);
    return rows.map((row) => String(row.id));
  };
  const starred = idsOf(await selectRows(db, STARRED));
  const pending = idsOf(await selectRows(db, PENDING));
  const unread: Record<string, number> = {};
  for (const row of unreadRows) unread[row.subscription_id] = Number(row.count);
  return { subscriptions, unread, entries, entriesBySubscription, starred, pending };
}
