import type { DomainEvent } from "../commands/events.ts";
import { appendEvents, type OutboxRow } from "../commands/log.ts";
import { materialize, runStatements, tablesWritten } from "../commands/materializers/index.ts";
import { sql } from "../commands/materializers/statement.ts";
import type { LocalDatabase } from "../db/types.ts";

/** The server accepted the command: its events are confirmed, its answer recorded. */
export async function confirmCommand(
  db: LocalDatabase,
  row: OutboxRow,
  answerEvents: readonly DomainEvent[],
) {
  const statements = answerEvents.flatMap(materialize);
  await db.transaction(["events", "outbox", ...tablesWritten(answerEvents)], (tx) =>
    runStatements(tx, [
      sql("UPDATE events SET status = 'confirmed' WHERE command_id = ?", row.commandId),
      sql("DELETE FROM outbox WHERE command_id = ?", row.commandId),
      ...appendEvents(row.commandId, answerEvents, "confirmed", new Date().toISOString()),
      ...statements,
    ]),
  );
}

/** The server refused the command: it leaves the log and the queue (tables are rebuilt next). */
export async function dropCommand(db: LocalDatabase, commandId: string) {
  await db.transaction(["events", "outbox"], (tx) =>
    runStatements(tx, [
      sql("DELETE FROM events WHERE command_id = ?", commandId),
      sql("DELETE FROM outbox WHERE command_id = ?", commandId),
    ]),
  );
}

export async function recordAttempt(db: LocalDatabase, commandId: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  await db.transaction(["outbox"], (tx) =>
    tx.execute("UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE command_id = ?", [
      message.slice(0, 500),
      commandId,
    ]),
  );
}
