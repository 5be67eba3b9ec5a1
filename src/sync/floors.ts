import type { SavedSearchFilters } from "../../contract/api/saved-searches.ts";
import type { EntriesRequest } from "../../contract/reading.ts";
import { local, select, statement } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import type { Statement } from "../db/statements.ts";
import type { SqlRunner } from "../db/types.ts";

/**
 * How far down a server timeline the local store is known to be complete. A floor is the
 * publishedAt of the oldest entry of a contiguous run fetched from the top of that timeline:
 * every entry of the timeline published at or after it is local. "" means the whole timeline
 * is local. No floor: nothing is known (show what is local, page from the top).
 *
 * Floors live in the meta table under `floor:<scope>`. The pull writes the floor of the
 * whole timeline (`floor:{}`) and of stars; pages and new subscriptions write their own scope.
 */
export type Floor = string | undefined;

/** The server filter of a timeline, without paging fields. */
export type TimelineScope = Pick<
  EntriesRequest,
  "view" | "feedId" | "feedIdList" | "read" | "isCollection" | "listId"
> & {
  /** An inbox's handle: its timeline comes from entries/inbox. */
  inboxId?: string;
  /** A saved search: its timeline comes from search, newest first. */
  search?: SearchScope;
};

/** A saved search as its timeline pages it (a changed query or filter is another timeline). */
export interface SearchScope {
  id: string;
  keyword: string;
  filters: SavedSearchFilters;
}

const PREFIX = "floor:";

/** A stable key: fields in a fixed order, feed lists sorted. */
export function scopeKey(scope: TimelineScope): string {
  const key: Record<string, unknown> = {};
  if (scope.isCollection) key.isCollection = true;
  if (scope.view !== undefined) key.view = scope.view;
  if (scope.feedId !== undefined) key.feedId = scope.feedId;
  if (scope.feedIdList !== undefined) key.feedIdList = [...scope.feedIdList].sort();
  if (scope.read !== undefined) key.read = scope.read;
  if (scope.listId !== undefined) key.listId = scope.listId;
  if (scope.inboxId !== undefined) key.inboxId = scope.inboxId;
  if (scope.search !== undefined) {
    const { id, keyword, filters } = scope.search;
    key.search = { id, keyword, filters: Object.entries(filters).sort() };
  }
  return JSON.stringify(key);
}

/**
 * The scopes whose floors also cover `scope`: a timeline is complete down to the lowest floor
 * of any wider timeline fetched from its top (unread only is a subset of the same timeline,
 * a view or a feed a subset of everything).
 */
export function coveringScopes(scope: TimelineScope): TimelineScope[] {
  const { read: _read, ...all } = scope;
  const scopes: TimelineScope[] = [scope, all];
  // A list's feeds need not be subscribed, an inbox is no feed: no wider timeline holds them.
  // A search's matches are no timeline's page either: only its own pages say what is local.
  if (scope.search !== undefined) return [scope];
  if (scope.listId !== undefined || scope.inboxId !== undefined) return scopes;
  if (scope.isCollection) scopes.push({ isCollection: true });
  else scopes.push({});
  if (scope.feedIdList?.length === 1) scopes.push({ feedId: scope.feedIdList[0] });
  return scopes;
}

/** The lower of two floors ("" is the lowest: everything). */
export function lowerFloor(a: Floor, b: Floor): Floor {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a < b ? a : b;
}

export async function readFloor(db: SqlRunner, scope: TimelineScope): Promise<Floor> {
  const keys = [...new Set(coveringScopes(scope).map((s) => PREFIX + scopeKey(s)))];
  const rows = await selectRows(db, metaValues(keys));
  return rows.reduce<Floor>((floor, row) => lowerFloor(floor, row.value ?? undefined), undefined);
}

/** The values stored under some meta keys (floors and ceilings of covering scopes). */
export function metaValues(keys: readonly string[]) {
  return select(local.selectFrom("meta").select("value").where("key", "in", keys));
}

/** Stores a bound under `key`, keeping the lower (`min`) or higher (`max`) of old and new. */
export function keepBoundStatement(key: string, value: string, keep: "min" | "max"): Statement {
  return statement(
    local
      .insertInto("meta")
      .values({ key, value })
      .onConflict((conflict) =>
        conflict
          .column("key")
          .doUpdateSet((eb) => ({ value: eb.fn(keep, ["meta.value", "excluded.value"]) })),
      ),
  );
}

/** Lowers the scope's floor (a floor never rises: what was fetched stays fetched). */
export function lowerFloorStatement(scope: TimelineScope, floor: string): Statement {
  return keepBoundStatement(PREFIX + scopeKey(scope), floor, "min");
}

/** Every floor of a wider timeline: not one feed's, not the stars'. */
const wideFloors = local
  .updateTable("meta")
  .where("key", "like", `${PREFIX}%`)
  .where("key", "not like", `${PREFIX}{"feedId":%`)
  .where("key", "not like", `${PREFIX}{"isCollection":true%`);

/**
 * A feed joined the timelines: wider timelines (everything, a view, a folder, stars aside) are
 * complete only down to where the new feed is too. Single-feed floors stay.
 */
export function raiseWideFloorsStatement(floor: string): Statement {
  return statement(wideFloors.set((eb) => ({ value: eb.fn("max", ["value", eb.val(floor)]) })));
}

/** Forgets the floors of wider timelines (see raiseWideFloorsStatement). */
export function clearWideFloorsStatement(): Statement {
  return statement(
    local
      .deleteFrom("meta")
      .where("key", "like", `${PREFIX}%`)
      .where("key", "not like", `${PREFIX}{"feedId":%`)
      .where("key", "not like", `${PREFIX}{"isCollection":true%`),
  );
}

/** Forgets every floor: the local store no longer joins up with the server's newest entries. */
export function clearFloorsStatement(): Statement {
  return statement(local.deleteFrom("meta").where("key", "like", `${PREFIX}%`));
}

/**
 * Raises the floors of one feed's timelines (all its filters) to `floor`: its entries older
 * than that left the local store (start-up eviction), so its pager fetches them again.
 */
export function raiseFeedFloorsStatement(feedId: string, floor: string): Statement {
  const key = PREFIX + scopeKey({ feedId });
  return statement(
    local
      .updateTable("meta")
      .set((eb) => ({ value: eb.fn("max", ["value", eb.val(floor)]) }))
      .where((eb) => eb.or([eb("key", "=", key), eb("key", "like", `${key.slice(0, -1)},%`)])),
  );
}
