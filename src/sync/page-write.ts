import { collectionRow } from "../../contract/entities/collection-table.ts";
import type { EntryListItem } from "../../contract/entities/entry.ts";
import { jsonValues } from "../db/json-values.ts";
import { local, select, statement } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import { runStatements, type Statement } from "../db/statements.ts";
import type { LocalDatabase, SqlRunner } from "../db/types.ts";
import { upsertRows } from "../db/upsert-rows.ts";
import { clearWideCeilingsStatement, raiseCeilingStatement, readCeiling } from "./ceilings.ts";
import {
  lowerFloorStatement,
  raiseWideFloorsStatement,
  readFloor,
  type TimelineScope,
} from "./floors.ts";
import { entryStatements, loadReplay, replayPending } from "./snapshot.ts";
import type { UnconfirmedAtFetch } from "./unconfirmed.ts";

const UNREAD_COUNTS = select(local.selectFrom("unread").select(["subscription_id", "count"]));
const CLEAR_UNREAD = statement(local.deleteFrom("unread"));

/**
 * Where a page sits in its timeline: newest first, every entry published before `from`
 * (undefined: the newest) down to `to`, "" when the page reached the oldest; oldest first,
 * every entry after `from` (undefined: the oldest) up to `to`, END when it reached the newest.
 */
export interface PageRange {
  order: "newest" | "oldest";
  from: string | undefined;
  to: string;
}

/**
 * Stores one timeline page by the mapping rules, moves the scope's floor (newest first) or
 * ceiling (oldest first) to where the page ends, and replays pending events on top, in one
 * transaction: a page never undoes an unsynced read or star (nor one confirmed while the page
 * was in flight, given `unconfirmedAtFetch`). Unread counts are the pull's
 * (server counts with pending events applied) and stay as they were.
 *
 * A page extends the local run only if it starts where that run stops or within it: the floor
 * may have risen (or the ceiling gone) while the page was in flight, as start-up eviction drops
 * entries, and moving it then would hide a gap. Such a page is stored but leaves the bound
 * alone. Answers whether the bound moved.
 */
export async function writePage(
  db: LocalDatabase,
  items: readonly EntryListItem[],
  scope: TimelineScope,
  range: PageRange,
  options: {
    /** A new subscription's first page: wider timelines now lack the rest of its entries. */
    newFeed?: boolean;
    /**
     * Commands unconfirmed when the page was fetched (`unconfirmedCommands`): the page may
     * predate them, so their events are replayed on it even once confirmed.
     */
    unconfirmedAtFetch?: UnconfirmedAtFetch;
  } = {},
): Promise<boolean> {
  await loadReplay();
  return db.transaction([], async (tx) => {
    const counts = await selectRows(tx, UNREAD_COUNTS);
    const joins = await joinsLocalRun(tx, scope, range);
    const bound =
      range.order === "newest"
        ? lowerFloorStatement(scope, range.to)
        : raiseCeilingStatement(scope, range.to);
    await runStatements(tx, [
      ...entryStatements(items),
      ...starStatements(items),
      ...(joins ? [bound] : []),
      ...(options.newFeed
        ? [raiseWideFloorsStatement(range.to), clearWideCeilingsStatement()]
        : []),
    ]);
    await replayPending(tx, options.unconfirmedAtFetch);
    await runStatements(tx, [CLEAR_UNREAD, ...upsertRows("unread", counts, ["subscription_id"])]);
    return joins;
  });
}

async function joinsLocalRun(tx: SqlRunner, scope: TimelineScope, range: PageRange) {
  if (range.from === undefined) return true;
  if (range.order === "newest") {
    const floor = await readFloor(tx, scope);
    return floor !== undefined && range.from >= floor;
  }
  const ceiling = await readCeiling(tx, scope);
  return ceiling !== undefined && range.from <= ceiling;
}

/**
 * The server says whether each entry is starred; pending stars are replayed after. An entry
 * listed twice takes its last item's state, as when each item was written in turn.
 */
function starStatements(items: readonly EntryListItem[]): Statement[] {
  const last = new Map(items.map((item) => [item.entries.id, item]));
  const stars = [...last.values()].flatMap((item) => collectionRow(item) ?? []);
  const unstarred = [...last.values()].filter((item) => !item.collections);
  return [
    ...upsertRows("collections", stars, ["entry_id"]),
    ...(unstarred.length === 0
      ? []
      : [
          statement(
            local
              .deleteFrom("collections")
              .where("entry_id", "in", jsonValues(unstarred.map((item) => item.entries.id))),
          ),
        ]),
  ];
}
