import { local, select } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import type { LocalDatabase } from "../db/types.ts";

/** The meta key holding the change stream's version whose changes are pulled (all tabs share it). */
export const STREAM_VERSION_KEY = "streamVersion";

const streamVersion = select(
  local.selectFrom("meta").select("value").where("key", "=", STREAM_VERSION_KEY),
);

export async function readStreamVersion(db: LocalDatabase): Promise<string | undefined> {
  const [row] = await selectRows(db, streamVersion);
  return row?.value ?? undefined;
}
