import { real, text } from "./columns.ts";
import { localTable, type RowOf } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";
import type { ReadingPositionKind, ReadingPositionModel } from "./reading-position.ts";

/** A position's fields as the local table keeps them, typed as the model declares them. */
export const readingPositionColumns = modelColumns<ReadingPositionModel>()({
  entryId: text(),
  deviceId: text(),
  kind: text<ReadingPositionKind>(),
  fraction: real(),
  quote: text(),
  seconds: real(),
  updatedAt: text(),
});

/** Every device's latest position per entry, read per entry by the pane and newest first by the list. */
export const readingPositionsTable = localTable({
  name: "reading_positions",
  columns: readingPositionColumns,
  key: ["entry_id", "device_id", "kind"],
  indexes: [{ name: "reading_positions_by_time", on: ["updated_at"] }],
});

export type ReadingPositionRow = RowOf<typeof readingPositionsTable.columns>;

/** The wire model → its local row. */
export function readingPositionRow(model: ReadingPositionModel) {
  const row: ReadingPositionRow = {
    entry_id: model.entryId,
    device_id: model.deviceId,
    kind: model.kind,
    fraction: model.fraction,
    quote: model.quote,
    seconds: model.seconds,
    updated_at: model.updatedAt,
  };
  return readingPositionsTable.encode(row);
}
