import { integer, json, text } from "../../../contract/entities/columns.ts";
import { localTable } from "../../../contract/entities/local-table.ts";

/** Commands still to send, in insertion order (ORDER BY rowid: rowids only grow while rows remain). */
export const outboxTable = localTable({
  name: "outbox",
  columns: {
    command_id: text(),
    name: text(),
    payload: json<unknown>(),
    created_at: text(),
    attempts: integer().withDefault("0"),
    last_error: text().orNull(),
  },
  key: ["command_id"],
});
