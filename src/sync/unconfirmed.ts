import { local, select } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import type { SqlRunner } from "../db/types.ts";

const pendingCommandsQuery = select(
  local.selectFrom("events").select("command_id").distinct().where("status", "=", "pending"),
);

/**
 * Commands not yet confirmed, read just before fetching server state: the state fetched may
 * predate them even once they are confirmed meanwhile (by this tab or another), so a write of
 * it replays their events. Light (no Effect): the pager calls it before its first page.
 */
export async function unconfirmedCommands(db: SqlRunner): Promise<string[]> {
  const rows = await selectRows(db, pendingCommandsQuery);
  return rows.map((row) => row.command_id);
}
