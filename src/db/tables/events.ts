import { integer, json, text } from "../../../contract/entities/columns.ts";
import { localTable } from "../../../contract/entities/local-table.ts";

export type EventStatus = "pending" | "confirmed";

/**
 * The local event log: every event a command produced, pending until the server confirms its
 * command. The migration declares `seq` AUTOINCREMENT (a sequence number is never reused after
 * events are dropped); column declarations cannot say so and SQLite does not report it, so a
 * migration recreating this table must add it by hand.
 */
export const eventsTable = localTable({
  name: "events",
  columns: {
    seq: integer(),
    command_id: text(),
    name: text(),
    payload: json<unknown>(),
    created_at: text(),
    status: text<EventStatus>()
      .withDefault("'pending'")
      .withCheck("status IN ('pending', 'confirmed')"),
  },
  key: ["seq"],
  indexes: [
    { name: "events_command_id", on: ["command_id"] },
    { name: "events_status_seq", on: ["status", "seq"] },
  ],
});
