import { local, select } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import type { LocalDatabase } from "../db/types.ts";

const OWNER = select(local.selectFrom("meta").select("value").where("key", "=", "userId"));

/**
 * One follow.db per browser profile, owned by one user at a time: the meta row `userId`
 * records the owner, and a different user signing in empties the file before anything is
 * read (a different user must never see the previous user's data). Chosen over one file per
 * user because the spec names a single follow.db and a shared device should not keep an old
 * user's entries around; the cost is that commands the previous user queued offline and
 * never synced are dropped. Answers whether the file was emptied.
 */
export async function ensureOwner(db: LocalDatabase, userId: string): Promise<boolean> {
  const rows = await selectRows(db, OWNER);
  const owner = rows[0]?.value;
  if (!owner || owner === userId) return false;
  await db.reset();
  return true;
}
