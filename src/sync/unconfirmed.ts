import { local, select } from "../db/local-sql.ts";
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
  const rows = await selectRows(db, pendingCommandsQuery);
  const [last] = await selectRows(db, lastSeqQuery);
  return { commands: rows.map((row) => row.command_id), lastSeq: Number(last?.seq ?? 0) };
}
