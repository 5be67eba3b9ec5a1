import { MAX_READING_POSITIONS } from "../../contract/api/reading-positions.ts";
import type {
  ReadingPositionKind,
  ReadingPositionModel,
} from "../../contract/entities/reading-position.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { ReadingPositionRow } from "../db/schema.ts";
import { findVisibleEntry } from "./entry-queries.ts";
import { StorageRefusal } from "./errors.ts";

/** Reading positions, each only ever read or changed through its owner's id. */
function toPosition(row: ReadingPositionRow): ReadingPositionModel {
  return {
    entryId: row.entry_id,
    deviceId: row.device_id,
    kind: row.kind as ReadingPositionKind,
    fraction: Number(row.fraction),
    quote: row.quote,
    seconds: Number(row.seconds),
    updatedAt: row.updated_at,
  };
}

/** The person's positions on every device, newest first. */
export async function listReadingPositions(
  database: DatabaseHandle,
  userId: string,
): Promise<ReadingPositionModel[]> {
  const rows = await database.db
    .selectFrom("reading_position")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("updated_at", "desc")
    .limit(MAX_READING_POSITIONS)
    .execute();
  return rows.map(toPosition);
}

/**
 * Keeps a device's position in an entry the person can see. A save older than the one stored
 * (a replay arriving after a newer one) changes nothing; past the cap the oldest are forgotten.
 */
export async function saveReadingPosition(
  database: DatabaseHandle,
  userId: string,
  position: ReadingPositionModel,
): Promise<void> {
  if (!(await findVisibleEntry(database, userId, position.entryId))) throw new StorageRefusal(3000);
  const row: ReadingPositionRow = {
    user_id: userId,
    entry_id: position.entryId,
    device_id: position.deviceId,
    kind: position.kind,
    fraction: position.fraction,
    quote: position.quote,
    seconds: position.seconds,
    updated_at: position.updatedAt,
  };
  await database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("reading_position")
      .values(row)
      .onConflict((conflict) =>
        conflict
          .columns(["user_id", "entry_id", "device_id", "kind"])
          .doUpdateSet({
            fraction: row.fraction,
            quote: row.quote,
            seconds: row.seconds,
            updated_at: row.updated_at,
          })
          .where("reading_position.updated_at", "<=", row.updated_at),
      )
      .execute();
    const floor = await trx
      .selectFrom("reading_position")
      .select("updated_at")
      .where("user_id", "=", userId)
      .orderBy("updated_at", "desc")
      .offset(MAX_READING_POSITIONS)
      .limit(1)
      .executeTakeFirst();
    if (floor)
      await trx
        .deleteFrom("reading_position")
        .where("user_id", "=", userId)
        .where("updated_at", "<=", floor.updated_at)
        .execute();
  });
}
