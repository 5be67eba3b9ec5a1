import { text } from "./columns.ts";
import type { InboxModel } from "./inbox.ts";
import { localTable, type RowOf, type StoredRowOf } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

/** The inbox fields the local table keeps, typed as the model declares them. */
export const inboxColumns = modelColumns<InboxModel>()({
  id: text(),
  title: text().orNull(),
  secret: text(),
});

/** The person's inboxes, as the last pull left them. */
export const inboxesTable = localTable({
  name: "inboxes",
  columns: inboxColumns,
  key: ["id"],
});

type InboxColumns = typeof inboxesTable.columns;

/** An inbox from the API → its stored row. */
export function inboxRow({ id, title, secret }: InboxModel): StoredRowOf<InboxColumns> {
  const row: RowOf<InboxColumns> = { id, title, secret };
  return inboxesTable.encode(row) as StoredRowOf<InboxColumns>;
}
