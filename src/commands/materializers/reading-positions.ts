import { ReadingPositionModel } from "../../../contract/entities/reading-position.ts";
import { readingPositionRow } from "../../../contract/entities/reading-position-table.ts";
import { local, statement } from "../../db/local-sql.ts";
import { defineEvent } from "../event-definition.ts";

/** Reading positions in the local `reading_positions` table. */
export const ReadingPositionSaved = defineEvent(
  "ReadingPositionSaved",
  1,
  ReadingPositionModel,
  (data) => {
    const row = readingPositionRow(data);
    return [
      statement(
        local
          .insertInto("reading_positions")
          .values(row)
          // A replay over a newer pulled position (another save of this device) keeps the newer.
          .onConflict((conflict) =>
            conflict
              .columns(["entry_id", "device_id", "kind"])
              .doUpdateSet({
                fraction: row.fraction,
                quote: row.quote,
                seconds: row.seconds,
                updated_at: row.updated_at,
              })
              .where("reading_positions.updated_at", "<=", row.updated_at),
          ),
      ),
    ];
  },
);

export const readingPositionEvents = [ReadingPositionSaved] as const;
