import { sql } from "kysely";
import type { DomainEvent } from "../commands/events.ts";
import {
  decodeEvent,
  materialize,
  storedNameOf,
  tablesWritten,
} from "../commands/materializers/index.ts";
import { local, select, statement } from "../db/local-sql.ts";
import type { LocalTables } from "../db/local-tables.ts";
import { selectRows, selectRowsOrThrow } from "../db/select-rows.ts";
import { runStatements, type Statement } from "../db/statements.ts";
import type { EventStatus } from "../db/tables/events.ts";
import type { LocalDatabase, SqlRunner, SqlValue } from "../db/types.ts";
import { lackedAtFetch, type UnconfirmedAtFetch } from "./unconfirmed.ts";

/** The local event log and outbox: the rows a command leaves until the server confirms it. */
export type { EventStatus };

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

type Column<T extends keyof LocalTables> = keyof LocalTables[T] & string;

/**
 * An INSERT of `columns` compiled once, each row's values bound in the same order: a dispatch
 * writes these for every command, and compiling costs about 0.1 ms.
 */
function compiledInsert<T extends "events" | "outbox", const C extends readonly Column<T>[]>(
  table: T,
  columns: C,
) {
  const template = statement(
    local.insertInto(table).values(Object.fromEntries(columns.map((c) => [c, null])) as never),
  );
  return (row: { [K in C[number]]: LocalTables[T][K] }): Statement => ({
    ...template,
    params: columns.map((column) => row[column] as SqlValue),
  });
}

// SQLite assigns `seq`.
const insertEvent = compiledInsert("events", [
  "command_id",
  "name",
  "payload",
  "created_at",
  "status",
]);

export function appendEvents(
  commandId: string,
  events: readonly DomainEvent[],
  status: EventStatus,
  createdAt: string,
): Statement[] {
  return events.map((event) =>
    insertEvent({
      command_id: commandId,
      name: storedNameOf(event),
      payload: JSON.stringify(event.data),
      created_at: createdAt,
      status,
    }),
  );
}

const insertOutbox = compiledInsert("outbox", [
  "command_id",
  "name",
  "payload",
  "created_at",
  "attempts",
  "last_error",
]);

export function enqueue(row: Omit<OutboxRow, "attempts">): Statement {
  return insertOutbox({
    command_id: row.commandId,
    name: row.name,
    payload: JSON.stringify(row.payload),
    created_at: row.createdAt,
    attempts: 0,
    last_error: null,
  });
}

const loggedEvents = local
  .selectFrom("events")
  .select(["seq", "command_id", "name", "payload"])
  .orderBy("seq");
const pendingEventsQuery = select(loggedEvents.where("status", "=", "pending"));

/**
 * Pending events in the order they happened, with those of commands the server state being
 * written may lack (`atFetch`: pending when it was fetched, or logged since) even if confirmed
 * since. Names this build does not know (from a newer build) and data its Schema refuses are
 * skipped.
 */
export async function pendingEvents(
  tx: SqlRunner,
  atFetch?: UnconfirmedAtFetch,
): Promise<LoggedEvent[]> {
  const query = atFetch
    ? select(
        loggedEvents.where((eb) =>
          eb.or([eb("status", "=", "pending"), lackedAtFetch(eb, atFetch)]),
        ),
      )
    : pendingEventsQuery;
  const rows = await selectRowsOrThrow(tx, query);
  return rows.flatMap((row) => {
    const event = decodeEvent(String(row.name), JSON.parse(String(row.payload)));
    if (!event) return [];
    return [{ seq: Number(row.seq), commandId: String(row.command_id), event }];
  });
}

// Send order is insertion order: rowids only grow while rows remain.
const outboxHeadQuery = select(
  local
    .selectFrom("outbox")
    .select(["command_id", "name", "payload", "created_at", "attempts"])
    .orderBy(sql`rowid`)
    .limit(1),
);

/** The oldest queued command, or undefined when everything is synced. */
export async function outboxHead(db: SqlRunner): Promise<OutboxRow | undefined> {
  const [row] = await selectRows(db, outboxHeadQuery);
  if (!row) return undefined;
  return {
    commandId: row.command_id,
    name: row.name,
    payload: JSON.parse(row.payload),
    createdAt: row.created_at,
    attempts: row.attempts,
  };
}

const outboxSizeQuery = select(
  local.selectFrom("outbox").select((eb) => eb.fn.countAll<number>().as("n")),
);

export async function outboxSize(db: SqlRunner): Promise<number> {
  const [row] = await selectRows(db, outboxSizeQuery);
  return Number(row?.n ?? 0);
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
      statement(
        local
          .updateTable("events")
          .set({ status: "confirmed" })
          .where("command_id", "=", row.commandId),
      ),
      statement(local.deleteFrom("outbox").where("command_id", "=", row.commandId)),
      ...appendEvents(row.commandId, answerEvents, "confirmed", new Date().toISOString()),
      ...statements,
    ]),
  );
}

/** The server refused the command: it leaves the log and the queue (tables are rebuilt next). */
export async function dropCommand(db: LocalDatabase, commandId: string) {
  await db.transaction(["events", "outbox"], (tx) =>
    runStatements(tx, [
      statement(local.deleteFrom("events").where("command_id", "=", commandId)),
      statement(local.deleteFrom("outbox").where("command_id", "=", commandId)),
    ]),
  );
}

export async function recordAttempt(db: LocalDatabase, commandId: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const update = statement(
    local
      .updateTable("outbox")
      .set((eb) => ({ attempts: eb("attempts", "+", 1), last_error: message.slice(0, 500) }))
      .where("command_id", "=", commandId),
  );
  await db.transaction(["outbox"], (tx) => tx.execute(update.sql, update.params));
}
