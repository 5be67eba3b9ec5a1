import type { LocalDatabase } from "../db/types.ts";
import type { HydratedState } from "./hydrate.ts";

/** The start-up steps, in their order. */
export const STARTUP_STEPS = [
  "migrations",
  "hydrateSettings",
  "settingsSync",
  "errorReporting",
  "translations",
  "hydrateDatabase",
  "analytics",
  "pushRegistration",
] as const;
export type StartupStep = (typeof STARTUP_STEPS)[number];

/** A step that runs only where it applies (configured, supported). */
export interface OptionalStep {
  applies(): boolean;
  start(): void | Promise<void>;
}

export interface OpenedDatabase {
  db: LocalDatabase;
  /** A different user owned follow.db before: it was emptied (see owner.ts). */
  ownerChanged: boolean;
}

/** Each step's side effects, behind small services so the order is tested without a browser. */
export interface StartupServices {
  /** follow.db opened (opening migrates it) and checked for its owner; local migrations. */
  migrate(): Promise<OpenedDatabase>;
  /**
   * Bounds follow.db (20 entries a subscription, starred and pending ones kept) right
   * after migrations, before any timeline shows; answers how many entries went.
   */
  evictEntries?(db: LocalDatabase): Promise<number>;
  hydrateSettings(ownerChanged: boolean): void | Promise<void>;
  /** Starts settings sync; its first exchange runs in the background. */
  syncSettings(): void | Promise<void>;
  errorReporting: OptionalStep;
  deleteOldTranslations(db: LocalDatabase): Promise<number>;
  /** Read when the step runs: the general setting `dataPersist`. */
  dataPersist(): boolean;
  hydrate(db: LocalDatabase): Promise<HydratedState>;
  analytics: OptionalStep;
  pushRegistration: OptionalStep;
  /** The steps after translations wait for this (the first paint); at once by default. */
  after?: Promise<unknown>;
  /** Aborted when the runtime closes: the remaining steps do not run. */
  signal?: AbortSignal;
}

export interface StartupResult {
  /** The steps that ran, in order. */
  ran: StartupStep[];
  /** The steps that did not apply (not configured, not supported, data persistence off). */
  skipped: StartupStep[];
  /** Steps after translations that failed (logged; the app runs without them). */
  failed: StartupStep[];
  translationsDeleted: number;
  /** Entries evicted after migrations (null: eviction not configured or failed). */
  entriesEvicted: number | null;
  hydrated: HydratedState | null;
}

export interface Startup {
  /** follow.db is usable: migrated, owned by this user, settings in place, old translations gone. */
  ready: Promise<OpenedDatabase & { translationsDeleted: number }>;
  /** Every step ran, was skipped or failed. */
  done: Promise<StartupResult>;
}

/**
 * The one start-up sequence: migrations, hydrate settings, settings sync, error
 * reporting (if configured), translations (stored ones older than 7 days deleted), hydrate the
 * database into memory (if `dataPersist`), analytics (if configured), push registration (if
 * supported). Screens may read once translations ran (`ready`); the last three steps wait for
 * `after` (the first paint), so the first rows never wait for them. Until `ready`, a failure
 * or an abort of `signal` closes the database and rejects; an optional step (error reporting, hydrate, analytics,
 * push) that fails is logged and the next step runs.
 */
export function runStartup(services: StartupServices): Startup {
  const result: StartupResult = {
    ran: [],
    skipped: [],
    failed: [],
    translationsDeleted: 0,
    entriesEvicted: null,
    hydrated: null,
  };
  const signal = services.signal;
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  // Closed while starting (the user signed out): nothing more runs, nothing reaches the network.
  const stayOpen = () => signal?.throwIfAborted();
  const ready = (async () => {
    const opened = await services.migrate();
    result.ran.push("migrations");
    try {
      stayOpen();
      // A failed eviction leaves a larger store, never a wrong one: start-up goes on.
      result.entriesEvicted =
        (await services.evictEntries?.(opened.db).catch((error: unknown) => {
          console.error("Start-up eviction of old entries failed", error);
          return null;
        })) ?? null;
      stayOpen();
      await services.hydrateSettings(opened.ownerChanged);
      result.ran.push("hydrateSettings");
      stayOpen();
      await services.syncSettings();
      result.ran.push("settingsSync");
      await optional("errorReporting", services.errorReporting, result).catch((error: unknown) =>
        failed("errorReporting", error, result),
      );
      stayOpen();
      result.translationsDeleted = await services.deleteOldTranslations(opened.db);
      result.ran.push("translations");
    } catch (error) {
      await opened.db.close();
      throw error;
    }
    return { ...opened, translationsDeleted: result.translationsDeleted };
  })();
  const done = ready.then(async ({ db }) => {
    await Promise.race([(services.after ?? Promise.resolve()).catch(() => undefined), aborted]);
    const closed = () => services.signal?.aborted ?? false;
    if (closed()) return result;
    if (services.dataPersist()) {
      try {
        result.hydrated = await services.hydrate(db);
        result.ran.push("hydrateDatabase");
      } catch (error) {
        failed("hydrateDatabase", error, result);
      }
    } else {
      result.skipped.push("hydrateDatabase");
    }
    if (closed()) return result;
    await optional("analytics", services.analytics, result).catch((error: unknown) =>
      failed("analytics", error, result),
    );
    if (closed()) return result;
    await optional("pushRegistration", services.pushRegistration, result).catch((error: unknown) =>
      failed("pushRegistration", error, result),
    );
    return result;
  });
  // Whoever awaits `ready` hears of a failure; `done` rejects with it too, unhandled or not.
  done.catch(() => undefined);
  return { ready, done };
}

async function optional(step: StartupStep, service: OptionalStep, result: StartupResult) {
  if (!service.applies()) return void result.skipped.push(step);
  await service.start();
  result.ran.push(step);
}

function failed(step: StartupStep, error: unknown, result: StartupResult) {
  result.failed.push(step);
  console.error(`Start-up step ${step} failed`, error);
}
