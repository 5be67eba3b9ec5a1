import { Observable, type Subscription } from "rxjs";
import type { ApiFetch } from "../../api/client.ts";
import { isFetchError } from "../../api/fetch-error.ts";
import type { Dispatch } from "../../commands/index.ts";
import { type BrowserDatabase, openBrowserDatabase } from "../../db/client.ts";
import type { LocalDatabase } from "../../db/types.ts";
import type { Connectivity } from "../../sync/connectivity.ts";
import type { SyncEngine, SyncState } from "../../sync/engine.ts";
import { windowFocusSource } from "../../sync/focus.ts";
import { requestLeadership } from "../../sync/leader.ts";
import { DEFAULT_PULL, fetchSnapshot } from "../../sync/pull.ts";
import { writeSnapshot } from "../../sync/snapshot.ts";
import { deleteOldTranslations } from "../../sync/startup.ts";

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

/** Whether the local database holds any entry: without one, only a pull can show rows. */
async function hasEntries(db: LocalDatabase): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM entries LIMIT 1");
  return rows.length > 0;
}

/**
 * The first pull of an empty database, without the sync engine (and Effect): what the
 * engine's pull does with nothing pending. Resolves with when it pulled, or undefined when it
 * failed (the engine then pulls, retrying while offline).
 */
async function pullFirst(options: {
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

/**
 * One load of `load`, started once `after` resolves or earlier by `now()` (something needs it
 * at once). `ready` resolves with its result whoever started it; a failed load is retried by
 * the next `now()`.
 */
function lazily<T>(load: () => Promise<T>, after: Promise<unknown>) {
  let resolveReady: (value: T) => void = () => undefined;
  const ready = new Promise<T>((resolve) => {
    resolveReady = resolve;
  });
  let loading: Promise<T> | undefined;
  const now = () => {
    loading ??= load().then(
      (value) => {
        resolveReady(value);
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  void after.then(
    () => now().catch((error: unknown) => console.error("Could not load the sync engine", error)),
    () => undefined,
  );
  return { now, ready, started: () => loading };
}

/** Follows the engine's observable once the engine is loaded; `initial` until then. */
function deferred<T>(
  loaded: Promise<SyncEngine>,
  isLoaded: () => boolean,
  pick: (engine: SyncEngine) => Observable<T>,
  initial?: T,
): Observable<T> {
  return new Observable<T>((subscriber) => {
    let inner: Subscription | undefined;
    let done = false;
    if (initial !== undefined && !isLoaded()) subscriber.next(initial);
    loaded.then(
      (real) => {
        if (!done) inner = pick(real).subscribe(subscriber);
      },
      () => undefined,
    );
    return () => {
      done = true;
      inner?.unsubscribe();
    };
  });
}

/**
 * The startup order of SPEC §4 as far as the reader goes: migrations (opening the database
 * migrates it), the owner check, stale translations, then the sync engine, whose first pull
 * refreshes subscriptions, unread counts and entries.
 *
 * The sync engine and the command definitions bring Effect, which painting rows from the
 * local database does not need (issue #5): the engine loads and starts once `syncAfter`
 * resolves (the first rows painted) or when something needs it (a command, a pull, a drain).
 * An empty database (a first visit) shows rows only after a pull: that first pull is made at
 * once without the engine, which then starts without pulling again. The dispatcher loads with
 * the first command, or after the engine. Commands dispatched meanwhile wait for it, in
 * order, and are never lost.
 */
export async function bootReader(options: {
  userId: string;
  api: ApiFetch;
  connectivity: Connectivity;
  open?: () => Promise<BrowserDatabase | LocalDatabase>;
  /** When to load and start the sync engine; at once by default. */
  syncAfter?: Promise<unknown>;
  /**
   * Settings step of the start-up order (after migrations and the owner check, before
   * translations): told whether the database changed owner, so a previous user's unsent
   * settings are not sent as this user's.
   */
  startSettings?: (ownerChanged: boolean) => void;
}): Promise<BootedReader> {
  const db = await (options.open ?? openBrowserDatabase)();
  let empty: boolean;
  try {
    const ownerChanged = await ensureOwner(db, options.userId);
    options.startSettings?.(ownerChanged);
    await deleteOldTranslations(db, Date.now());
    empty = options.syncAfter !== undefined && !(await hasEntries(db));
  } catch (error) {
    await db.close();
    throw error;
  }
  let closed = false;
  // Every tab reads and pulls; the one holding the leader lock pushes the shared outbox.
  const lease = requestLeadership(globalThis.navigator?.locks);
  // An empty database shows rows only after a pull: make it at once, without the engine.
  const firstPull = empty
    ? pullFirst({ db, ...options })
    : Promise.resolve<number | undefined>(undefined);
  const engineLoad = lazily(
    async () => {
      const pulledAt = await firstPull;
      const { createSyncEngine } = await import("../../sync/engine.ts");
      const engine = createSyncEngine({
        db,
        api: options.api,
        connectivity: options.connectivity,
        userId: options.userId,
        focus: windowFocusSource(window),
        leadership: lease.acquired,
        pullOnStart: pulledAt === undefined,
        lastPulledAt: pulledAt,
      });
      if (!closed) engine.start();
      return engine;
    },
    // After the first paint; if the first pull failed, at once.
    firstPull.then((pulledAt) => (empty && pulledAt === undefined ? undefined : options.syncAfter)),
  );
  const dispatcherLoad = lazily(
    async () => {
      const { createDispatcher } = await import("../../commands/dispatch.ts");
      return createDispatcher({ db });
    },
    Promise.all([engineLoad.ready, options.syncAfter]),
  );

  // A command is applied by the dispatcher and sent by the engine: it needs both now.
  const dispatch: Dispatch = (name, payload) => {
    engineLoad.now().catch(() => undefined);
    return dispatcherLoad.now().then((real) => real(name, payload));
  };
  let engineLoaded = false;
  void engineLoad.ready.then(() => {
    engineLoaded = true;
  });
  // Until the engine runs, say a pull is coming (it pulls when it starts).
  const starting: SyncState = {
    pending: 0,
    pushing: false,
    pulling: true,
    lastPulledAt: undefined,
  };
  const engine: SyncEngine = {
    start: () => void engineLoad.now().catch(() => undefined),
    stop: async () => {
      await engineLoad
        .started()
        ?.then((real) => real.stop())
        .catch(() => undefined);
    },
    errors$: deferred(
      engineLoad.ready,
      () => engineLoaded,
      (real) => real.errors$,
    ),
    state$: deferred(
      engineLoad.ready,
      () => engineLoaded,
      (real) => real.state$,
      starting,
    ),
    pull: (pullOptions) => engineLoad.now().then((real) => real.pull(pullOptions)),
    drain: () => engineLoad.now().then((real) => real.drain()),
  };
  return {
    userId: options.userId,
    db,
    dispatch,
    engine,
    connectivity: options.connectivity,
    api: options.api,
    async close() {
      closed = true;
      await engineLoad
        .started()
        ?.then((real) => real.stop())
        .catch(() => undefined);
      lease.release();
      await db.close();
    },
  };
}
