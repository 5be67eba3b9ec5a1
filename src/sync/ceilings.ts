import { local, statement } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import type { Statement } from "../db/statements.ts";
import type { SqlRunner } from "../db/types.ts";
import {
  coveringScopes,
  type Floor,
  keepBoundStatement,
  metaValues,
  scopeKey,
  type TimelineScope,
} from "./floors.ts";

/**
 * How far up a server timeline read oldest first the local store is complete: a ceiling is
 * the publishedAt of the newest entry of a contiguous run fetched from the timeline's oldest
 * entry up. END means that run reached the newest entry. No ceiling: nothing is known.
 *
 * The mirror of floors.ts (which runs from the newest entry down); where the two runs of a
 * timeline overlap, all of it is local. Ceilings live in the meta table under `ceiling:<scope>`.
 */
export type Ceiling = string | undefined;

/** Sorts after every ISO time: the run reached the newest entry. */
export const END = "~";

const PREFIX = "ceiling:";

/** The higher of two ceilings (END the highest). */
export function higherCeiling(a: Ceiling, b: Ceiling): Ceiling {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

/** A timeline whose run from the bottom meets its run from the top is all local. */
export function isComplete(ceiling: Ceiling, floor: Floor): boolean {
  if (floor === "" || ceiling === END) return true;
  return ceiling !== undefined && floor !== undefined && ceiling >= floor;
}

/** The highest ceiling of the scope and of every wider timeline read oldest first. */
export async function readCeiling(db: SqlRunner, scope: TimelineScope): Promise<Ceiling> {
  const keys = [...new Set(coveringScopes(scope).map((s) => PREFIX + scopeKey(s)))];
  const rows = await selectRows(db, metaValues(keys));
  return rows.reduce<Ceiling>(
    (ceiling, row) => higherCeiling(ceiling, row.value ?? undefined),
    undefined,
  );
}

/** Raises the scope's ceiling (a ceiling never falls while the entries below it stay). */
export function raiseCeilingStatement(scope: TimelineScope, ceiling: string): Statement {
  return keepBoundStatement(PREFIX + scopeKey(scope), ceiling, "max");
}

/**
 * Forgets every ceiling: old entries left the store (start-up eviction), so no run from the
 * bottom is complete any more.
 */
export function clearCeilingsStatement(): Statement {
  return statement(local.deleteFrom("meta").where("key", "like", `${PREFIX}%`));
}

/**
 * A feed joined the timelines: wider timelines read oldest first lack its entries. Single-feed
 * and starred timelines keep theirs.
 */
export function clearWideCeilingsStatement(): Statement {
  return statement(
    local
      .deleteFrom("meta")
      .where("key", "like", `${PREFIX}%`)
      .where("key", "not like", `${PREFIX}{"feedId":%`)
      .where("key", "not like", `${PREFIX}{"isCollection":true%`),
  );
}

/**
 * The pull's newest entries do not join what was local (a long absence): runs that had
 * reached the newest entry now stop at the newest entry that was local.
 */
export function capEndedCeilingsStatement(newestLocal: string): Statement {
  return statement(
    local
      .updateTable("meta")
      .set({ value: newestLocal })
      .where("key", "like", `${PREFIX}%`)
      .where("value", "=", END),
  );
}
