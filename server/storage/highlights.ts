import { MAX_HIGHLIGHTS } from "../../contract/api/highlights.ts";
import type { HighlightColor, HighlightModel } from "../../contract/entities/highlight.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { HighlightRow } from "../db/schema.ts";
import { findVisibleEntry } from "./entry-queries.ts";
import { StorageRefusal } from "./errors.ts";
import { nowIso } from "./time.ts";

/** Highlights, each only ever read or changed through its owner's id. */
export function toHighlight(row: HighlightRow): HighlightModel {
  return {
    id: row.id,
    entryId: row.entry_id,
    color: row.color as HighlightColor,
    note: row.note,
    exact: row.exact,
    prefix: row.prefix,
    suffix: row.suffix,
    start: Number(row.start),
    end: Number(row.end),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listHighlights(
  database: DatabaseHandle,
  userId: string,
  entryIds?: readonly string[],
): Promise<HighlightModel[]> {
  if (entryIds && entryIds.length === 0) return [];
  let query = database.db.selectFrom("highlight").selectAll().where("user_id", "=", userId);
  if (entryIds) query = query.where("entry_id", "in", entryIds);
  const rows = await query.orderBy("created_at").orderBy("id").execute();
  return rows.map(toHighlight);
}

export type NewHighlight = Omit<HighlightModel, "createdAt" | "updatedAt">;

/**
 * Creates the highlight on an entry the user can see; the same id again answers the stored one
 * unchanged (a retried create). Someone else's private entry is refused as a missing one.
 */
export async function createHighlight(
  database: DatabaseHandle,
  userId: string,
  highlight: NewHighlight,
): Promise<HighlightModel> {
  if (highlight.end < highlight.start)
    throw new StorageRefusal(1002, "A highlight ends after it starts");
  if (!(await findVisibleEntry(database, userId, highlight.entryId)))
    throw new StorageRefusal(3000);
  return database.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("highlight")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", "=", highlight.id)
      .executeTakeFirst();
    if (existing) return toHighlight(existing);
    const { count } = await trx
      .selectFrom("highlight")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_HIGHLIGHTS)
      throw new StorageRefusal(1002, `At most ${MAX_HIGHLIGHTS} highlights`);
    const now = nowIso();
    const row: HighlightRow = {
      user_id: userId,
      id: highlight.id,
      entry_id: highlight.entryId,
      color: highlight.color,
      note: highlight.note,
      exact: highlight.exact,
      prefix: highlight.prefix,
      suffix: highlight.suffix,
      start: highlight.start,
      end: highlight.end,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto("highlight").values(row).execute();
    return toHighlight(row);
  });
}

/** Another person's highlight is as absent as one that never was (nothing to learn from ids). */
const NOT_FOUND = "No highlight with this id";

export async function updateHighlight(
  database: DatabaseHandle,
  userId: string,
  id: string,
  change: { color?: HighlightColor; note?: string },
): Promise<void> {
  const result = await database.db
    .updateTable("highlight")
    .set({
      ...(change.color !== undefined ? { color: change.color } : {}),
      ...(change.note !== undefined ? { note: change.note } : {}),
      updated_at: nowIso(),
    })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new StorageRefusal(1002, NOT_FOUND);
}

/** Deleting a highlight that is already gone succeeds: a retried delete is no error. */
export async function deleteHighlight(database: DatabaseHandle, userId: string, id: string) {
  await database.db
    .deleteFrom("highlight")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .execute();
}
