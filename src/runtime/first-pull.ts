import type { ApiFetch } from "../api/client.ts";
import { isFetchError } from "../api/fetch-error.ts";
import type { LocalDatabase } from "../db/types.ts";
import type { Connectivity } from "../sync/connectivity.ts";
import { DEFAULT_PULL, fetchSnapshot } from "../sync/pull.ts";
import { writeSnapshot } from "../sync/snapshot.ts";

/** Whether the local database holds any entry: without one, only a pull can show rows. */
export async function hasEntries(db: LocalDatabase): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM entries LIMIT 1");
  return rows.length > 0;
}

/**
 * The first pull of an empty database, without the sync engine (and Effect): what the
 * engine's pull does with nothing pending. Resolves with when it pulled, or undefined when it
 * failed (the engine then pulls, retrying while offline).
 */
export async function pullFirst(options: {
  db: LocalDatabase;
  api: ApiFetch;
  connectivity: Connectivity;
  userId: string;
}): Promise<number | undefined> {
  try {
    const snapshot = await fetchSnapshot(options.api, { ...DEFAULT_PULL, entries: true });
    options.connectivity.reportNetworkResult(true);
    const pulledAt = Date.now();
    const iso = new Date(pulledAt).toISOString();
    await writeSnapshot(options.db, snapshot, { userId: options.userId, pulledAt: iso });
    return pulledAt;
  } catch (error) {
    if (isFetchError(error) && !error.aborted) {
      options.connectivity.reportNetworkResult(error.status !== null);
    }
    return undefined;
  }
}
