import type { ApiFetch } from "../api/client.ts";
import type { Dispatch } from "../commands/index.ts";
import { type BrowserDatabase, openBrowserDatabase } from "../db/client.ts";
import { deleteOldTranslations } from "../db/stale-translations.ts";
import type { LocalDatabase } from "../db/types.ts";
import { noteProductCommands } from "../services/observability/product-events.ts";
import type { RuntimeServices } from "../services/runtime-services.ts";
import { getGeneralSettings } from "../settings/hooks.ts";
import { runLocalMigrations } from "../settings/local-record.ts";
import { browserStorage } from "../settings/storage.ts";
import type { Connectivity } from "../sync/connectivity.ts";
import type { SyncEngine, SyncState } from "../sync/engine.ts";
import { windowFocusSource } from "../sync/focus.ts";
import { requestLeadership } from "../sync/leader.ts";
import { LIVE_STATUS_CHANNEL, openChangeStream } from "./change-stream.ts";
import { evictEntriesIfAlone } from "./evict-step.ts";
import { hasEntries, pullFirst } from "./first-pull.ts";
import { type HydratedState, hydrate } from "./hydrate.ts";
import { deferred, lazily } from "./lazy.ts";
import {
  analyticsStep,
  errorReportingStep,
  type OptionalServicesConfig,
  pushRegistrationStep,
} from "./optional-steps.ts";
import { ensureOwner } from "./owner.ts";
import { browserSettingsSteps, type SettingsSteps } from "./settings-steps.ts";
import { runStartup, type StartupResult } from "./startup.ts";

/** What the signed-in screens use: read through `db` (live queries), write through `dispatch`. */
export interface Runtime extends RuntimeServices {
  /** The start-up sequence's outcome, once its last step ran. */
  startup: Promise<StartupResult>;
  /** What start-up hydrated into memory (null with data persistence off or before it ran). */
  hydrated(): HydratedState | null;
  /**
   * Stops whatever talks to the server (start-up's first pull and settings sync, the engine)
   * and the start-up steps still to come; the database stays open for the screens.
   */
  stopSync(): Promise<void>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  userId: string;
  api: ApiFetch;
  connectivity: Connectivity;
  open?: () => Promise<BrowserDatabase | LocalDatabase>;
  /** When to load and start the sync engine (and run the last start-up steps); at once by default. */
  syncAfter?: Promise<unknown>;
  settings?: SettingsSteps;
  optional?: OptionalServicesConfig;
  /** Aborted when the runtime is no longer wanted while it starts (the user signed out). */
  signal?: AbortSignal;
}

/**
 * The signed-in user's runtime: follow.db opened and checked for its owner, the start-up
 * sequence (startup.ts), then the sync engine and the dispatcher.
 *
 * The sync engine and the command definitions bring Effect, which painting rows from the
 * local database does not need (issue #5): the engine loads and starts once `syncAfter`
 * resolves (the first rows painted) or when something needs it (a command, a pull, a drain).
 * An empty database (a first visit) shows rows only after a pull: that first pull is made at
 * once without the engine, which then starts without pulling again. The dispatcher loads with
 * the first command, or after the engine. Commands dispatched meanwhile wait for it, in
 * order, and are never lost.
 */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const stop = new AbortController();
  options.signal?.addEventListener("abort", () => stop.abort(options.signal?.reason), {
    once: true,
  });
  if (options.signal?.aborted) stop.abort(options.signal.reason);
  const settings = options.settings ?? browserSettingsSteps(options);
  stop.signal.addEventListener("abort", () => settings.dispose(), { once: true });
  const startup = runStartup({
    async migrate() {
      runLocalMigrations(browserStorage());
      const db = await (options.open ?? openBrowserDatabase)();
      try {
        return { db, ownerChanged: await ensureOwner(db, options.userId) };
      } catch (error) {
        await db.close();
        throw error;
      }
    },
    evictEntries: (db) => evictEntriesIfAlone(db),
    hydrateSettings: (ownerChanged) => settings.hydrate(ownerChanged),
    syncSettings: () => settings.sync(),
    errorReporting: errorReportingStep(
      options.optional?.errorReportingRelease,
      options.optional?.startErrorReporting,
    ),
    deleteOldTranslations: (db) => deleteOldTranslations(db, Date.now()),
    dataPersist: () => getGeneralSettings().dataPersist,
    hydrate: (db) => hydrate(db),
    analytics: analyticsStep(
      options.optional?.analyticsConfigured ?? false,
      () => getGeneralSettings().sendAnonymousData,
      () =>
        options.optional?.startAnalytics?.(
          options.userId,
          () => getGeneralSettings().sendAnonymousData,
        ),
    ),
    pushRegistration: pushRegistrationStep(globalThis, () =>
      import("../services/push/renew.ts").then(({ renewPushRegistration }) =>
        renewPushRegistration(options.api),
      ),
    ),
    after: options.syncAfter,
    signal: stop.signal,
  });
  let db: LocalDatabase;
  let empty: boolean;
  // A failure stops everything started so far (settings sync, the last start-up steps).
  try {
    ({ db } = await startup.ready);
  } catch (error) {
    stop.abort();
    throw error;
  }
  try {
    empty = options.syncAfter !== undefined && !(await hasEntries(db));
    stop.signal.throwIfAborted();
  } catch (error) {
    stop.abort();
    await db.close();
    throw error;
  }
  let hydrated: HydratedState | null = null;
  const done = startup.done.then((result) => {
    hydrated = stop.signal.aborted ? null : result.hydrated;
    return result;
  });
  // Every tab reads and pulls; the one holding the leader lock pushes the shared outbox.
  const lease = requestLeadership(globalThis.navigator?.locks);
  // An empty database shows rows only after a pull: make it at once, without the engine.
  const firstPull = empty
    ? pullFirst({ db, ...options, signal: stop.signal })
    : Promise.resolve<number | undefined>(undefined);
  const engineLoad = lazily(
    async () => {
      const pulledAt = await firstPull;
      const { createSyncEngine } = await import("../sync/engine.ts");
      const engine = createSyncEngine({
        db,
        api: options.api,
        connectivity: options.connectivity,
        userId: options.userId,
        focus: windowFocusSource(window),
        leadership: lease.acquired,
        liveStream: (lastVersion, signal) => openChangeStream(options.api, lastVersion, signal),
        liveChannel: LIVE_STATUS_CHANNEL,
        pullOnStart: pulledAt === undefined,
        lastPulledAt: pulledAt,
      });
      if (!stop.signal.aborted) engine.start();
      return engine;
    },
    // After the first paint; if the first pull failed, at once.
    firstPull.then((pulledAt) => (empty && pulledAt === undefined ? undefined : options.syncAfter)),
    "the sync engine",
  );
  const dispatcherLoad = lazily(
    async () => {
      const { createDispatcher } = await import("../sync/dispatch.ts");
      return noteProductCommands(createDispatcher({ db }));
    },
    Promise.all([engineLoad.ready, options.syncAfter]),
    "the dispatcher",
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
  const stopEngine = async () => {
    await engineLoad
      .started()
      ?.then((real) => real.stop())
      .catch(() => undefined);
  };
  const stopSync = async () => {
    stop.abort();
    settings.dispose();
    await stopEngine();
  };
  const engine: SyncEngine = {
    start: () => void engineLoad.now().catch(() => undefined),
    stop: stopEngine,
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
    startup: done,
    hydrated: () => hydrated,
    stopSync,
    async close() {
      await stopSync();
      hydrated = null;
      lease.release();
      // A last start-up step may still read the database: let it finish.
      await done.catch(() => undefined);
      await db.close();
    },
  };
}
