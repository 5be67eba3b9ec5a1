import type { LocalDatabase } from "../db/types.ts";
import { type HydratedState, hydrate } from "./hydrate.ts";

/** Stored translations older than this are deleted at start-up (SPEC §9). */
export const TRANSLATION_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

export type StartupStep =
  | "migrations"
  | "hydrateSettings"
  | "settingsSync"
  | "errorReporting"
  | "translations"
  | "hydrateDatabase"
  | "analytics"
  | "pushRegistration";

export interface StartupDeps {
  db: LocalDatabase;
  /** Database migrations ran when it was opened; this reports whether they did. */
  migrated: boolean;
  hydrateSettings(): void | Promise<void>;
  syncSettings(): void | Promise<void>;
  /** The error reporter is set up only when a release is configured. */
  release?: string | undefined;
  initErrorReporting?(release: string): void | Promise<void>;
  dataPersist: boolean;
  initAnalytics?(): void | Promise<void>;
  /** Push registration runs only where service workers exist. */
  serviceWorkerSupported: boolean;
  registerPush?(): void | Promise<void>;
  now?: () => number;
}

export interface StartupResult {
  steps: StartupStep[];
  translationsDeleted: number;
  hydrated: HydratedState | null;
}

/**
 * The start-up order of SPEC §4: migrations, hydrate settings, settings sync, error reporting
 * (only with a release), translations (old ones deleted), hydrate the database (only when data
 * persistence is on), analytics, then push registration (only with service workers).
 */
export async function runStartup(deps: StartupDeps): Promise<StartupResult> {
  const steps: StartupStep[] = [];
  if (!deps.migrated) throw new Error("Local database is not migrated");
  steps.push("migrations");
  await deps.hydrateSettings();
  steps.push("hydrateSettings");
  await deps.syncSettings();
  steps.push("settingsSync");
  if (deps.release && deps.initErrorReporting) {
    await deps.initErrorReporting(deps.release);
    steps.push("errorReporting");
  }
  const translationsDeleted = await deleteOldTranslations(deps.db, (deps.now ?? Date.now)());
  steps.push("translations");
  let hydrated: HydratedState | null = null;
  if (deps.dataPersist) {
    hydrated = await hydrate(deps.db);
    steps.push("hydrateDatabase");
  }
  if (deps.initAnalytics) {
    await deps.initAnalytics();
    steps.push("analytics");
  }
  if (deps.serviceWorkerSupported && deps.registerPush) {
    await deps.registerPush();
    steps.push("pushRegistration");
  }
  return { steps, translationsDeleted, hydrated };
}

export async function deleteOldTranslations(db: LocalDatabase, now: number): Promise<number> {
  const cutoff = new Date(now - TRANSLATION_MAX_AGE_MS).toISOString();
  return db.transaction(["translations"], async (tx) => {
    const result = await tx.execute("DELETE FROM translations WHERE created_at < ?", [cutoff]);
    return result.changes;
  });
}
