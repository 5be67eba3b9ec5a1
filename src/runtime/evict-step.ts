import type { LocalDatabase } from "../db/types.ts";
import { evictEntries } from "../sync/evict-entries.ts";
import { SYNC_LEADER_LOCK } from "../sync/leader.ts";

/**
 * The start-up eviction (20 entries a subscription kept, starred and pending ones too), unless another tab is open: that tab may be showing paged-in
 * entries, and entries are never evicted while shown. Every open tab holds or waits for the
 * sync leader lock, which this tab asks for only after start-up; answers 0 when skipped.
 */
export async function evictEntriesIfAlone(
  db: LocalDatabase,
  locks: Pick<LockManager, "query"> | undefined = globalThis.navigator?.locks,
): Promise<number> {
  if (locks) {
    const { held = [], pending = [] } = await locks.query();
    if ([...held, ...pending].some((lock) => lock.name === SYNC_LEADER_LOCK)) return 0;
  }
  return evictEntries(db);
}
