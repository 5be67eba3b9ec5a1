import { Schema } from "effect";
import type { Dispatch } from "../commands/host.ts";
import { materialize, tablesWritten } from "../commands/materializers/index.ts";
import { type CommandName, commands } from "../commands/registry.ts";
import type { CommandDefinition, CommandMeta } from "../commands/types.ts";
import { runStatements } from "../db/statements.ts";
import type { LocalDatabase } from "../db/types.ts";
import { appendEvents, enqueue } from "./outbox.ts";

export type { Dispatch };

export interface DispatcherOptions {
  db: LocalDatabase;
  /** Command ids must be unique across devices: they are the server's idempotency keys. */
  newId?: () => string;
  now?: () => number;
}

/**
 * Applies a command at once, offline or not: in one transaction its events join the log as
 * pending, it joins the outbox for the sync engine, and the materialized tables change.
 * Queries of exactly the tables its events' materializers declare are notified after commit.
 */
export function createDispatcher(options: DispatcherOptions): Dispatch {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const now = options.now ?? Date.now;
  return async (name, input) => {
    const command = commands[name] as CommandDefinition<CommandName, unknown>;
    const payload = Schema.decodeUnknownSync(command.payload)(input);
    const meta: CommandMeta = { commandId: newId(), issuedAt: new Date(now()).toISOString() };
    const events = command.apply(payload, meta);
    const statements = events.flatMap(materialize);
    await options.db.transaction(["events", "outbox", ...tablesWritten(events)], async (tx) => {
      // One batch: in the browser that is one message to the database worker.
      await runStatements(tx, [
        ...appendEvents(meta.commandId, events, "pending", meta.issuedAt),
        enqueue({ commandId: meta.commandId, name, payload, createdAt: meta.issuedAt }),
        ...statements,
      ]);
    });
    return meta;
  };
}
