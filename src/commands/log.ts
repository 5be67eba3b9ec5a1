import type { SqlRunner } from "../db/types.ts";
import type { DomainEvent } from "./events.ts";
import { isEventName } from "./materializers/index.ts";
import { type Statement, sql } from "./materializers/statement.ts";

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
