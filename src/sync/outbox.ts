import type { DomainEvent } from "../commands/events.ts";
import { isEventName, materialize, tablesWritten } from "../commands/materializers/index.ts";
import { runStatements, type Statement, sql } from "../db/statements.ts";
import type { LocalDatabase, SqlRunner } from "../db/types.ts";

/** The local event log and outbox: the rows a command leaves until the server confirms it. */
export type EventStatus = "pending" | "confirmed";

export interface OutboxRow {
  commandId: string;
  name: string;
  payload: unknown;
  createdAt: string;
  attempts: number;
}

export interface LoggedEvent {
  seq: number;
  commandId: string;
  event: DomainEvent;
}

export function appendEvents(
  commandId: string,
  events: readonly DomainEvent[],
  status: EventStatus,
  createdAt: string,
): Statement[] {
  return events.map(({ name, data }) =>
    sql(
      "INSERT INTO events (command_id, name, payload, created_at, status) VALUES (?, ?, ?, ?, ?)",
      commandId,
      name,
      JSON.stringify(data),
      createdAt,
      status,
    ),
  );
}

export function enqueue(row: Omit<OutboxRow, "attempts">): Statement {
  return sql(
    "INSERT INTO outbox (command_id, name, payload, created_at, attempts, last_error) VALUES (?, ?, ?, ?, 0, NULL)",
    row.commandId,
    row.name,
    JSON.stringify(row.payload),
    row.createdAt,
  );
}

/** Pending events in the order they happened (unknown names, from a newer build, are skipped). */
export async function pendingEvents(tx: SqlRunner): Promise<LoggedEvent[]> {
  const rows = await tx.execute(
    "SELECT seq, command_id, name, payload FROM events WHERE status = 'pending' ORDER BY seq",
  );
  return rows.rows.flatMap((row) => {
    const name = String(row.name);
    if (!isEventName(name)) return [];
    const data = JSON.parse(String(row.payload));
    return [
      {
        seq: Number(row.seq),
        commandId: String(row.command_id),
        event: { name, data } as DomainEvent,
      },
    ];
  });
}

/** The oldest queued command, or undefined when everything is synced. */
export async function outboxHead(db: SqlRunner): Promise<OutboxRow | undefined> {
  const rows = await db.query(
    "SELECT command_id, name, payload, created_at, attempts FROM outbox ORDER BY rowid LIMIT 1",
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    commandId: String(row.command_id),
    name: String(row.name),
    payload: JSON.parse(String(row.payload)),
    createdAt: String(row.created_at),
    attempts: Number(row.attempts),
  };
}

export async function outboxSize(db: SqlRunner): Promise<number> {
  const rows = await db.query<{ n: number }>("SELECT COUNT(*) AS n FROM outbox");
  return Number(rows[0]?.n ?? 0);
}

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
