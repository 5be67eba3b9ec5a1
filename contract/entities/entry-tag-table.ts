import { text } from "./columns.ts";
import type { EntryTagModel } from "./entry-tag.ts";
import { localTable } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

/** An entry tag's fields as the local table keeps them, typed as the model declares them. */
export const entryTagColumns = modelColumns<EntryTagModel>()({
  entryId: text(),
  tag: text(),
  createdAt: text(),
});

/** The tags the person put on entries: one row per entry and tag. */
export const entryTagsTable = localTable({
  name: "entry_tags",
  columns: entryTagColumns,
  key: ["entry_id", "tag"],
  indexes: [{ name: "entry_tags_by_tag", on: ["tag", "entry_id"] }],
});

/** The wire model → its local row. */
export function entryTagRow(model: EntryTagModel) {
  return entryTagsTable.encode({
    entry_id: model.entryId,
    tag: model.tag,
    created_at: model.createdAt,
  });
}
