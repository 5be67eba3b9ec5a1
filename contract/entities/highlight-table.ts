import { integer, text } from "./columns.ts";
import type { HighlightColor, HighlightModel } from "./highlight.ts";
import { localTable, type RowOf } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

/** A highlight's fields as the local table keeps them, typed as the model declares them. */
export const highlightColumns = modelColumns<HighlightModel>()({
  id: text(),
  entryId: text(),
  color: text<HighlightColor>(),
  note: text(),
  exact: text(),
  prefix: text(),
  suffix: text(),
  start: integer(),
  end: integer(),
  createdAt: text(),
  updatedAt: text(),
});

/** The person's highlights, read per entry by the entry pane and all at once by their page. */
export const highlightsTable = localTable({
  name: "highlights",
  columns: highlightColumns,
  key: ["id"],
  indexes: [{ name: "highlights_by_entry", on: ["entry_id", "start"] }],
});

export type HighlightRow = RowOf<typeof highlightsTable.columns>;

/** The wire model → its local row. */
export function highlightRow(model: HighlightModel) {
  const row: HighlightRow = {
    id: model.id,
    entry_id: model.entryId,
    color: model.color,
    note: model.note,
    exact: model.exact,
    prefix: model.prefix,
    suffix: model.suffix,
    start: model.start,
    end: model.end,
    created_at: model.createdAt,
    updated_at: model.updatedAt,
  };
  return highlightsTable.encode(row);
}
