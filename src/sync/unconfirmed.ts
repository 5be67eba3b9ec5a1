import type { ExpressionBuilder } from "kysely";
import { jsonValues } from "../db/json-values.ts";
import { local, select } from "../db/local-sql.ts";
import type { LocalTables } from "../db/local-tables.ts";
import { selectRows } from "../db/select-rows.ts";
import type { SqlRunner } from "../db/types.ts";

/**
 * The commands whose effect server state fetched from now on may lack, even once they are
 * confirmed: those still pending now, and every command logged after now (`lastSeq`). A write
 * of that state replays their events on top.
 */
export interface UnconfirmedAtFetch {
  commands: readonly string[];
  /** The newest event's seq as the fetch began: later events have higher ones (AUTOINCREMENT). */
  lastSeq: number;
}

const pendingCommandsQuery = select(
  local.selectFrom("events").select("command_id").distinct().where("status", "=", "pending"),
);
const lastSeqQuery = select(local.selectFrom("events").select((eb) => eb.fn.max("seq").as("seq")));

/**
 * Read just before fetching server state (by this tab or another): a command confirmed while
 * the fetch ran, or even made and confirmed while it ran, may be missing from what it brings.
 * Light (no Effect): the pager calls it before its first page.
 */
export async function unconfirmedCommands(db: SqlRunner): Promise<UnconfirmedAtFetch> {
  // The seq first: a command logged between the two reads is then past it, never in neither.
  const [last] = await selectRows(db, lastSeqQuery);
  const rows = await selectRows(db, pendingCommandsQuery);
  return { commands: rows.map((row) => row.command_id), lastSeq: Number(last?.seq ?? 0) };
}

/** An event whose command the state fetched at `atFetch` may lack (see UnconfirmedAtFetch). */
export function lackedAtFetch(
  eb: ExpressionBuilder<LocalTables, "events">,
  atFetch: UnconfirmedAtFetch,
) {
  return eb.or([
    eb("seq", ">", atFetch.lastSeq),
    ...(atFetch.commands.length > 0 ? [eb("command_id", "in", jsonValues(atFetch.commands))] : []),
  ]);
}
