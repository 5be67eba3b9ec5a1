import type { ApiCall } from "../api/call.ts";
import type { ApiFetch } from "../api/client.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { local, select } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import type { LocalDatabase } from "../db/types.ts";
import type { Connectivity } from "../sync/connectivity.ts";
import { DEFAULT_PULL, fetchSnapshot } from "../sync/pull.ts";
import { writeSnapshot } from "../sync/snapshot.ts";
import { abortableCall } from "./abortable-call.ts";

const ANY_ENTRY = select(local.selectFrom("entries").select("id").limit(1));

/** Whether the local database holds any entry: without one, only a pull can show rows. */
export async function hasEntries(db: LocalDatabase): Promise<boolean> {
  const rows = await selectRows(db, ANY_ENTRY);
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
  /** Aborts the pull's requests (sign-out, close). */
  signal: AbortSignal;
}): Promise<number | undefined> {
  const { signal } = options;
  // fetchSnapshot only uses the typed call: give each of its calls the signal, and take the
  // answers before their Schemas load (after the rows are painted), checking them then.
  const checks: Promise<void>[] = [];
  const call = checkingLater(abortableCall(options.api.call, signal), checks);
  const api = { ...options.api, call } as ApiFetch;
  try {
    const snapshot = await fetchSnapshot(api, { ...DEFAULT_PULL, entries: true });
    signal.throwIfAborted();
    options.connectivity.reportNetworkResult(true);
    const pulledAt = Date.now();
    const iso = new Date(pulledAt).toISOString();
    await writeSnapshot(options.db, snapshot, { userId: options.userId, pulledAt: iso });
    // An answer that did not match the API (1005, reported by the client) counts as a failed
    // pull: the sync engine pulls again at once, decoding before it writes.
    await Promise.all(checks);
    return pulledAt;
  } catch (error) {
    if (signal.aborted) return undefined;
    if (isFetchError(error) && !error.aborted) {
      options.connectivity.reportNetworkResult(error.status !== null);
    }
    return undefined;
  }
}

/** The call with `checkLater` on every request, its checks collected in `checks`. */
function checkingLater(call: ApiCall, checks: Promise<void>[]): ApiCall {
  const checkLater = (check: Promise<void>) => {
    check.catch(() => undefined); // Awaited once the snapshot is written, if it gets that far.
    checks.push(check);
  };
  return (endpoint, ...args) => {
    const [input, options] = args;
    return call(endpoint, ...([input, { ...options, checkLater }] as typeof args));
  };
}
