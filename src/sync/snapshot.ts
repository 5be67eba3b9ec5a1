import { collectionRow } from "../../contract/entities/collection-table.ts";
import { entryRow } from "../../contract/entities/entry-table.ts";
import { entryTagRow } from "../../contract/entities/entry-tag-table.ts";
import { feedRow } from "../../contract/entities/feed-table.ts";
import { highlightRow } from "../../contract/entities/highlight-table.ts";
import { inboxRow } from "../../contract/entities/inbox-table.ts";
import { listRow } from "../../contract/entities/list-table.ts";
import { readingPositionRow } from "../../contract/entities/reading-position-table.ts";
import { savedSearchesTable } from "../../contract/entities/saved-search-table.ts";
import { subscriptionRow } from "../../contract/entities/subscription-table.ts";
import type { EntryListItem } from "../../contract/reading-models.ts";
import { local, select, statement } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import { runStatements, type Statement } from "../db/statements.ts";
import type { LocalDatabase, SqlRunner } from "../db/types.ts";
import { upsertRows } from "../db/upsert-rows.ts";
import { capEndedCeilingsStatement, clearWideCeilingsStatement } from "./ceilings.ts";
import {
  clearFloorsStatement,
  clearWideFloorsStatement,
  lowerFloorStatement,
  metaValues,
} from "./floors.ts";
import type { ServerSnapshot } from "./pull.ts";
import { lackedAtFetch, type UnconfirmedAtFetch, unconfirmedCommands } from "./unconfirmed.ts";

/**
 * Where a fetch of server state stands among the pulls of every tab sharing this database
 * (`turn`, counted in the database), and which commands it may lack (`UnconfirmedAtFetch`).
 */
export interface FetchTicket {
  turn: number;
  unconfirmed: UnconfirmedAtFetch;
}

/** Taken just before fetching server state, for `writeSnapshot`. */
export async function beginFetch(db: LocalDatabase): Promise<FetchTicket> {
  return db.transaction(["meta"], async (tx) => {
    const [row] = await selectRows(tx, metaValues([PULLS_STARTED]));
    const turn = Number(row?.value ?? 0) + 1;
    await runStatements(tx, [setMeta(PULLS_STARTED, String(turn))]);
    return { turn, unconfirmed: await unconfirmedCommands(tx) };
  });
}

const PULLS_STARTED = "pullsStarted";
const PULL_WRITTEN = "pullWritten";

/**
 * Writes fresh server state, then replays the still-pending events on top (rebase), in one
 * transaction: a refresh never undoes an action that has not synced yet. Events confirmed
 * before the fetch began are reflected in the server state, so they leave the log.
 *
 * Tabs pull on their own while the leading tab pushes, so with a `ticket` two more rules hold:
 * commands confirmed while the fetch ran (by another tab's engine), even those made while it
 * ran, may be missing from the state fetched, so their events are replayed too and leave the
 * log with a later pull; and a state fetched before one already written is older than it: it
 * is dropped (answers false).
 */
export async function writeSnapshot(
  db: LocalDatabase,
  snapshot: ServerSnapshot,
  context: { userId?: string; pulledAt: string; ticket?: FetchTicket },
): Promise<boolean> {
  await loadReplay();
  const { ticket } = context;
  const unconfirmed = ticket?.unconfirmed;
  // The events of commands this state may lack stay for a later pull.
  const confirmed = local.deleteFrom("events").where("status", "=", "confirmed");
  const settled = unconfirmed
    ? confirmed.where((eb) => eb.not(lackedAtFetch(eb, unconfirmed)))
    : confirmed;
  return db.transaction([], async (tx) => {
    if (ticket) {
      const [written] = await selectRows(tx, metaValues([PULL_WRITTEN]));
      if (Number(written?.value ?? 0) > ticket.turn) return false;
    }
    await runStatements(tx, [
      ...(await floorStatements(tx, snapshot)),
      ...snapshotStatements(snapshot),
      setMeta("lastPulledAt", context.pulledAt),
      ...(context.userId ? [setMeta("userId", context.userId)] : []),
      ...(ticket ? [setMeta(PULL_WRITTEN, String(ticket.turn))] : []),
      statement(settled),
    ]);
    await replayPending(tx, unconfirmed);
    return true;
  });
}

const NEWEST_ENTRY = select(
  local.selectFrom("entries").select((eb) => eb.fn.max("published_at").as("at")),
);

/**
 * The pull fetched the newest entries down to `entriesFloor`: every timeline is complete down
 * there. Floors written before stay true only if this window reaches back into what was
 * already local; after a longer absence (more new entries than one pull) they are forgotten.
 */
async function floorStatements(tx: SqlRunner, snapshot: ServerSnapshot): Promise<Statement[]> {
  if (snapshot.entriesFloor === undefined || snapshot.starredFloor === undefined) return [];
  const [newest] = await selectRows(tx, NEWEST_ENTRY);
  const joinsUp = newest?.at != null && newest.at >= snapshot.entriesFloor;
  // Feeds subscribed elsewhere since the floors were written: their older entries are missing.
  const feeds = JSON.stringify(snapshot.subscriptions.map((s) => s.feedId).sort());
  const [known] = await selectRows(tx, metaValues(["floorFeeds"]));
  const sameFeeds = known?.value === feeds;
  return [
    ...(joinsUp ? [] : [clearFloorsStatement()]),
    ...(joinsUp || newest?.at == null ? [] : [capEndedCeilingsStatement(newest.at)]),
    ...(sameFeeds ? [] : [clearWideFloorsStatement(), clearWideCeilingsStatement()]),
    setMeta("floorFeeds", feeds),
    lowerFloorStatement({}, snapshot.entriesFloor),
    lowerFloorStatement({ isCollection: true }, snapshot.starredFloor),
  ];
}

function snapshotStatements(snapshot: ServerSnapshot): Statement[] {
  const statements = [statement(local.deleteFrom("subscriptions").where("type", "=", "feed"))];
  for (const subscription of snapshot.subscriptions) {
    statements.push(
      ...upsertRows("feeds", [feedRow(subscription.feeds)], ["id"]),
      ...upsertRows("subscriptions", [subscriptionRow(subscription)], ["id"]),
    );
  }
  if (snapshot.ownedLists) {
    statements.push(statement(local.deleteFrom("lists")));
    for (const list of snapshot.ownedLists) {
      const row = listRow(list);
      if (row) statements.push(...upsertRows("lists", [row], ["id"]));
    }
  }
  if (snapshot.savedSearches) {
    statements.push(statement(local.deleteFrom("saved_searches")));
    const searches = snapshot.savedSearches.map(({ id, name, keyword, filters, createdAt }) =>
      savedSearchesTable.encode({ id, name, keyword, filters, created_at: createdAt }),
    );
    statements.push(...upsertRows("saved_searches", searches, ["id"]));
  }
  if (snapshot.highlights) {
    statements.push(statement(local.deleteFrom("highlights")));
    statements.push(...upsertRows("highlights", snapshot.highlights.map(highlightRow), ["id"]));
  }
  if (snapshot.readingPositions) {
    statements.push(statement(local.deleteFrom("reading_positions")));
    statements.push(
      ...upsertRows("reading_positions", snapshot.readingPositions.map(readingPositionRow), [
        "entry_id",
        "device_id",
        "kind",
      ]),
    );
  }
  if (snapshot.entryTags) {
    statements.push(statement(local.deleteFrom("entry_tags")));
    statements.push(
      ...upsertRows("entry_tags", snapshot.entryTags.map(entryTagRow), ["entry_id", "tag"]),
    );
  }
  if (snapshot.inboxSubscriptions) {
    statements.push(
      statement(local.deleteFrom("subscriptions").where("type", "=", "inbox")),
      statement(local.deleteFrom("inboxes")),
    );
    for (const subscription of snapshot.inboxSubscriptions) {
      statements.push(
        ...upsertRows("inboxes", [inboxRow(subscription.inboxes)], ["id"]),
        ...upsertRows("subscriptions", [subscriptionRow(subscription)], ["id"]),
      );
    }
  }
  if (snapshot.listSubscriptions) {
    statements.push(statement(local.deleteFrom("subscriptions").where("type", "=", "list")));
    for (const subscription of snapshot.listSubscriptions) {
      const list = listRow(subscription.lists);
      if (list) statements.push(...upsertRows("lists", [list], ["id"]));
      statements.push(...upsertRows("subscriptions", [subscriptionRow(subscription)], ["id"]));
    }
  }
  statements.push(statement(local.deleteFrom("unread")));
  const counts = Object.entries(snapshot.unread).map(([id, count]) => ({
    subscription_id: id,
    count: Math.max(count, 0),
  }));
  statements.push(...upsertRows("unread", counts, ["subscription_id"]));
  if (!snapshot.entries || !snapshot.starred) return statements;
  statements.push(...entryStatements([...snapshot.entries, ...snapshot.starred]));
  // Stars are known for the window the pull fetched; older local entries keep theirs.
  const { starredFloor } = snapshot;
  statements.push(
    statement(
      starredFloor
        ? local
            .deleteFrom("collections")
            .where("entry_id", "in", (eb) =>
              eb.selectFrom("entries").select("id").where("published_at", ">=", starredFloor),
            )
        : local.deleteFrom("collections"),
    ),
  );
  const stars = snapshot.starred.flatMap((item) => collectionRow(item) ?? []);
  statements.push(...upsertRows("collections", stars, ["entry_id"]));
  return statements;
}

/** Entries in list form with their feeds. */
export function entryStatements(items: readonly EntryListItem[]): Statement[] {
  return items.flatMap((item) => [
    // An inbox is no feed of the local store: its entries carry its handle instead.
    ...((item.feeds as { type: string }).type === "inbox"
      ? []
      : upsertRows("feeds", [feedRow(item.feeds)], ["id"])),
    // Content fetched earlier (detail view) is kept; the list form has none.
    ...upsertRows("entries", [entryRow(item)], ["id"], item.entries.content ? [] : ["content"]),
  ]);
}

let replayModules:
  | Promise<[typeof import("./outbox.ts"), typeof import("../commands/materializers/index.ts")]>
  | undefined;

/**
 * The event log's reader and the materializers (their event Schemas are Effect): loaded with
 * the first pull rather than with the app before its first paint. Writers call this before
 * opening their transaction, so the write lock is not held while the code loads.
 */
export function loadReplay() {
  replayModules ??= Promise.all([
    import("./outbox.ts"),
    import("../commands/materializers/index.ts"),
  ]);
  return replayModules;
}

/** Replays pending events (and those of `unconfirmedAtFetch`, see `pendingEvents`). */
export async function replayPending(tx: SqlRunner, unconfirmedAtFetch?: UnconfirmedAtFetch) {
  const [{ pendingEvents }, { materialize }] = await loadReplay();
  const events = await pendingEvents(tx, unconfirmedAtFetch);
  await runStatements(
    tx,
    events.flatMap(({ event }) => materialize(event)),
  );
}

export function setMeta(key: string, value: string): Statement {
  return upsertRows("meta", [{ key, value }], ["key"])[0]!;
}
