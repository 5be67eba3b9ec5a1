import { collectionRow } from "../../contract/entities/collection.ts";
import { entryRow } from "../../contract/entities/entry.ts";
import { feedRow } from "../../contract/entities/feed.ts";
import { listRow } from "../../contract/entities/list.ts";
import { subscriptionRow } from "../../contract/entities/subscription.ts";
import type { EntryListItem } from "../../contract/reading-models.ts";
import { MATERIALIZED_TABLES, materialize } from "../commands/materializers/index.ts";
import { runStatements, type Statement, sql, upsert } from "../db/statements.ts";
import type { LocalDatabase, SqlRunner } from "../db/types.ts";
import { capEndedCeilingsStatement, clearWideCeilingsStatement } from "./ceilings.ts";
import { clearFloorsStatement, clearWideFloorsStatement, lowerFloorStatement } from "./floors.ts";
import { pendingEvents } from "./outbox.ts";
import type { ServerSnapshot } from "./pull.ts";

/**
 * Writes fresh server state, then replays the still-pending events on top (rebase), in one
 * transaction: a refresh never undoes an action that has not synced yet. Confirmed events are
 * reflected in the server state by now, so they leave the log.
 */
export async function writeSnapshot(
  db: LocalDatabase,
  snapshot: ServerSnapshot,
  context: { userId?: string; pulledAt: string },
) {
  await db.transaction([...MATERIALIZED_TABLES, "events", "meta"], async (tx) => {
    await runStatements(tx, [
      ...(await floorStatements(tx, snapshot)),
      ...snapshotStatements(snapshot),
      setMeta("lastPulledAt", context.pulledAt),
      ...(context.userId ? [setMeta("userId", context.userId)] : []),
      sql("DELETE FROM events WHERE status = 'confirmed'"),
    ]);
    await replayPending(tx);
  });
}

/**
 * The pull fetched the newest entries down to `entriesFloor`: every timeline is complete down
 * there. Floors written before stay true only if this window reaches back into what was
 * already local; after a longer absence (more new entries than one pull) they are forgotten.
 */
async function floorStatements(tx: SqlRunner, snapshot: ServerSnapshot): Promise<Statement[]> {
  if (snapshot.entriesFloor === undefined || snapshot.starredFloor === undefined) return [];
  const [newest] = await tx.query<{ at: string | null }>(
    "SELECT MAX(published_at) AS at FROM entries",
  );
  const joinsUp = newest?.at != null && newest.at >= snapshot.entriesFloor;
  // Feeds subscribed elsewhere since the floors were written: their older entries are missing.
  const feeds = JSON.stringify(snapshot.subscriptions.map((s) => s.feedId).sort());
  const [known] = await tx.query<{ value: string }>(
    "SELECT value FROM meta WHERE key = 'floorFeeds'",
  );
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
  const statements: Statement[] = [sql("DELETE FROM subscriptions WHERE type = 'feed'")];
  for (const subscription of snapshot.subscriptions) {
    statements.push(upsert("feeds", feedRow(subscription.feeds), ["id"]));
    statements.push(upsert("subscriptions", subscriptionRow(subscription), ["id"]));
  }
  if (snapshot.ownedLists) {
    statements.push(sql("DELETE FROM lists"));
    for (const list of snapshot.ownedLists) {
      const row = listRow(list);
      if (row) statements.push(upsert("lists", row, ["id"]));
    }
  }
  if (snapshot.savedSearches) {
    statements.push(sql("DELETE FROM saved_searches"));
    for (const search of snapshot.savedSearches) {
      const { id, name, keyword, filters, createdAt } = search;
      const row = { id, name, keyword, filters: JSON.stringify(filters), created_at: createdAt };
      statements.push(upsert("saved_searches", row, ["id"]));
    }
  }
  if (snapshot.inboxSubscriptions) {
    statements.push(
      sql("DELETE FROM subscriptions WHERE type = 'inbox'"),
      sql("DELETE FROM inboxes"),
    );
    for (const subscription of snapshot.inboxSubscriptions) {
      const { id, title, secret } = subscription.inboxes;
      statements.push(upsert("inboxes", { id, title, secret }, ["id"]));
      statements.push(upsert("subscriptions", subscriptionRow(subscription), ["id"]));
    }
  }
  if (snapshot.listSubscriptions) {
    statements.push(sql("DELETE FROM subscriptions WHERE type = 'list'"));
    for (const subscription of snapshot.listSubscriptions) {
      const list = listRow(subscription.lists);
      if (list) statements.push(upsert("lists", list, ["id"]));
      statements.push(upsert("subscriptions", subscriptionRow(subscription), ["id"]));
    }
  }
  statements.push(sql("DELETE FROM unread"));
  for (const [id, count] of Object.entries(snapshot.unread)) {
    const row = { subscription_id: id, count: Math.max(count, 0) };
    statements.push(upsert("unread", row, ["subscription_id"]));
  }
  if (!snapshot.entries || !snapshot.starred) return statements;
  statements.push(...entryStatements([...snapshot.entries, ...snapshot.starred]));
  // Stars are known for the window the pull fetched; older local entries keep theirs.
  statements.push(
    snapshot.starredFloor
      ? sql(
          "DELETE FROM collections WHERE entry_id IN (SELECT id FROM entries WHERE published_at >= ?)",
          snapshot.starredFloor,
        )
      : sql("DELETE FROM collections"),
  );
  for (const item of snapshot.starred) {
    const row = collectionRow(item);
    if (row) statements.push(upsert("collections", row, ["entry_id"]));
  }
  return statements;
}

/** Entries in list form with their feeds. */
export function entryStatements(items: readonly EntryListItem[]): Statement[] {
  return items.flatMap((item) => [
    // An inbox is no feed of the local store: its entries carry its handle instead.
    ...((item.feeds as { type: string }).type === "inbox"
      ? []
      : [upsert("feeds", feedRow(item.feeds), ["id"])]),
    // Content fetched earlier (detail view) is kept; the list form has none.
    upsert("entries", entryRow(item), ["id"], item.entries.content ? [] : ["content"]),
  ]);
}

export async function replayPending(tx: SqlRunner) {
  const events = await pendingEvents(tx);
  await runStatements(
    tx,
    events.flatMap(({ event }) => materialize(event)),
  );
}

export function setMeta(key: string, value: string): Statement {
  return sql(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    key,
    value,
  );
}
