import type { EntryListItem } from "../../contract/reading-models.ts";
import { MATERIALIZED_TABLES } from "../commands/materializers/index.ts";
import { collectionRow } from "../db/rows.ts";
import { runStatements, type Statement, sql, upsert } from "../db/statements.ts";
import type { LocalDatabase } from "../db/types.ts";
import {
  type Floor,
  lowerFloorStatement,
  raiseWideFloorsStatement,
  readFloor,
  type TimelineScope,
} from "./floors.ts";
import { entryStatements, replayPending } from "./snapshot.ts";

/**
 * Stores one timeline page by the mapping rules, lowers the scope's floor to where the page
 * ends, and replays pending events on top, in one transaction: a page never undoes an
 * unsynced read or star. Unread counts are the pull's (server counts with pending events
 * applied) and stay as they were: a page holds no news about counts.
 *
 * The page holds every entry published before `from` (undefined: the top of the timeline) down
 * to `floor`. It extends the local run only if it starts where that run stops or above: the
 * floor may have risen while the page was in flight (start-up eviction dropped entries), and
 * lowering it then would hide a gap. Such a page is stored but leaves the floor alone.
 * Answers whether the floor moved.
 */
export async function writePage(
  db: LocalDatabase,
  items: readonly EntryListItem[],
  scope: TimelineScope,
  range: { from: Floor; floor: string },
  /** A new subscription's first page: wider timelines now lack the rest of its entries. */
  options: { newFeed?: boolean } = {},
): Promise<boolean> {
  return db.transaction([...MATERIALIZED_TABLES, "events", "meta"], async (tx) => {
    const counts = await tx.query<{ subscription_id: string; count: number }>(
      "SELECT subscription_id, count FROM unread",
    );
    const current = await readFloor(tx, scope);
    const joins = range.from === undefined || (current !== undefined && range.from >= current);
    await runStatements(tx, [
      ...entryStatements(items),
      ...items.map(starStatement),
      ...(joins ? [lowerFloorStatement(scope, range.floor)] : []),
      ...(options.newFeed ? [raiseWideFloorsStatement(range.floor)] : []),
    ]);
    await replayPending(tx);
    await runStatements(tx, [
      sql("DELETE FROM unread"),
      ...counts.map((row) => upsert("unread", row, ["subscription_id"])),
    ]);
    return joins;
  });
}

/** The server says whether each entry is starred; pending stars are replayed after. */
function starStatement(item: EntryListItem): Statement {
  const row = collectionRow(item);
  return row
    ? upsert("collections", row, ["entry_id"])
    : sql("DELETE FROM collections WHERE entry_id = ?", item.entries.id);
}
