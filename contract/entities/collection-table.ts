import type { CollectionModel } from "./collection.ts";
import { integer, text } from "./columns.ts";
import type { EntryListItem } from "./entry.ts";
import { localTable, type RowOf, type StoredRowOf } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

/** The star fields the local table keeps, typed as the model declares them. */
export const collectionColumns = modelColumns<CollectionModel>()({ createdAt: text() });

/**
 * The person's starred entries, by entry, with the view the star belongs to. A star made
 * offline may name no feed and no time until the server's answer arrives.
 */
export const collectionsTable = localTable({
  name: "collections",
  columns: {
    entry_id: text(),
    feed_id: text().orNull(),
    created_at: collectionColumns.created_at.orNull(),
    view: integer(),
  },
  key: ["entry_id"],
});

export type CollectionRow = RowOf<typeof collectionsTable.columns>;
export type StoredCollectionRow = StoredRowOf<typeof collectionsTable.columns>;

/** A timeline item's star → its stored row; undefined when the item is not starred. */
export function collectionRow(item: EntryListItem): StoredCollectionRow | undefined {
  if (!item.collections) return undefined;
  const row: CollectionRow = {
    entry_id: item.entries.id,
    feed_id: item.entries.feedId,
    created_at: item.collections.createdAt,
    view: item.view,
  };
  return collectionsTable.encode(row) as StoredCollectionRow;
}
