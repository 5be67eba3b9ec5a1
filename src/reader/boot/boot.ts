import type { ApiFetch } from "../../api/client.ts";
import { createDispatcher, type Dispatch } from "../../commands/index.ts";
import { type BrowserDatabase, openBrowserDatabase } from "../../db/client.ts";
import type { LocalDatabase } from "../../db/types.ts";
import {
  type Connectivity,
  createSyncEngine,
  deleteOldTranslations,
  requestLeadership,
  type SyncEngine,
  windowFocusSource,
} from "../../sync/index.ts";

/** What the reader's views use: read through `db` (live queries), write through `dispatch`. */
export interface ReaderServices {
  userId: string;
  db: LocalDatabase;
  dispatch: Dispatch;
  engine: SyncEngine;
  connectivity: Connectivity;
  api: ApiFetch;
}

export interface BootedReader extends ReaderServices {
  close(): Promise<void>;
}

/**
 * One follow.db per browser profile, owned by one user at a time: the meta row `userId`
 * records the owner, and a different user signing in empties the file before anything is
 * read (a different user must never see the previous user's data). Chosen over one file per
 * user because the spec names a single follow.db and a shared device should not keep an old
 * user's entries around; the cost is that commands the previous user queued offline and
 * never synced are dropped.
 */
export async function ensureOwner(db: LocalDatabase, userId: string): Promise<boolean> {
  const rows = await db.query<{ value: string | null }>(
    "SELECT value FROM meta WHERE key = 'userId'",
  );
  const owner = rows[0]?.value;
  if (!owner || owner === userId) return false;
  await db.reset();
  return true;
}

/**
 * The startup order of SPEC §4 as far as the reader goes: migrations (opening the database
 * migrates it), the owner check, stale translations, then the sync engine, whose first pull
 * refreshes subscriptions, unread counts and entries.
 */
export async function bootReader(options: {
  userId: string;
  api: ApiFetch;
  connectivity: Connectivity;
  open?: () => Promise<BrowserDatabase | LocalDatabase>;
}): Promise<BootedReader> {
  const db = await (options.open ?? openBrowserDatabase)();
  try {
    await ensureOwner(db, options.userId);
    await deleteOldTranslations(db, Date.now());
  } catch (error) {
    await db.close();
    throw error;
  }
  const dispatch = createDispatcher({ db });
  // Every tab reads and pulls; the one holding the leader lock pushes the shared outbox.
  const lease = requestLeadership(globalThis.navigator?.locks);
  const engine = createSyncEngine({
    db,
    api: options.api,
    connectivity: options.connectivity,
    userId: options.userId,
    focus: windowFocusSource(window),
    leadership: lease.acquired,
  });
  engine.start();
  return {
    userId: options.userId,
    db,
    dispatch,
    engine,
    connectivity: options.connectivity,
    api: options.api,
    async close() {
      await engine.stop().catch(() => undefined);
      lease.release();
      await db.close();
    },
  };
}
