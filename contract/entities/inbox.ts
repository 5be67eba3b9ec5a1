import { Schema } from "effect";
import { localTable, type RowOf, type StoredRowOf } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

/** An inbox: an address entries are sent to, owned by one person (its id is its handle). */
export const InboxModel = Schema.Struct({
  type: Schema.Literal("inbox"),
  id: Schema.String,
  title: Schema.NullOr(Schema.String),
  secret: Schema.String,
  /** `<handle>@<domain>` when e-mail intake is configured. */
  email: Schema.NullOr(Schema.String),
  /** Where to POST entries (with the secret in `x-inbox-secret`). */
  webhookUrl: Schema.String,
});
export type InboxModel = typeof InboxModel.Type;

const wire = modelColumns(InboxModel, ["id", "title", "secret"]);

/** The person's inboxes, as the last pull left them. */
export const inboxesTable = localTable({
  name: "inboxes",
  columns: { id: wire.id, title: wire.title, secret: wire.secret },
  key: ["id"],
});

type InboxColumns = typeof inboxesTable.columns;

/** An inbox from the API → its stored row. */
export function inboxRow({ id, title, secret }: InboxModel): StoredRowOf<InboxColumns> {
  const row: RowOf<InboxColumns> = { id, title, secret };
  return inboxesTable.encode(row) as StoredRowOf<InboxColumns>;
}
