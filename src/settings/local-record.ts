import { APP_VERSION } from "../../contract/constants.ts";
import { GENERAL_DEFAULTS, type GeneralSettings } from "./general.ts";
import { type KeyValueStorage, readJson, writeJson } from "./storage.ts";
import { GENERAL_STORAGE_KEY, LOCAL_RECORD_STORAGE_KEY } from "./storage-keys.ts";

/**
 * The local settings record: which app version last ran on this device and which local
 * migrations it completed. Kept per device (not per user, not synced), beside the settings.
 */
export interface LocalSettingsRecord {
  appVersion: string;
  /** Completed local migrations, in the order they ran. */
  migrations: string[];
  /** Recorded by `v1`: the enhanced settings differed from the defaults when it ran. */
  enhancedSettingsChanged?: boolean;
}

/**
 * The general settings an "enhanced settings" switch reveals: the ones the basic General panel
 * does not show. No list was given; these are the general settings past the timeline,
 * mark-as-read and link switches.
 */
export const ENHANCED_SETTINGS = [
  "translation",
  "translationMode",
  "summary",
  "actionLanguage",
  "startupScreen",
  "dataPersist",
  "sendAnonymousData",
  "showQuickTimeline",
  "autoGroup",
  "openLinksInExternalApp",
  "voice",
] as const satisfies readonly (keyof GeneralSettings)[];

export interface LocalMigration {
  version: string;
  /** What the migration adds to the record; it may read the device's storage. */
  run(storage: KeyValueStorage | undefined): Partial<LocalSettingsRecord>;
}

/** v1: whether the stored enhanced settings differ from the defaults, recorded as a flag. */
const v1: LocalMigration = {
  version: "v1",
  run(storage) {
    const stored = readJson(storage, GENERAL_STORAGE_KEY) as
      | { values?: Partial<Record<keyof GeneralSettings, unknown>> }
      | undefined;
    const values = stored?.values ?? {};
    const changed = ENHANCED_SETTINGS.some(
      (key) => values[key] !== undefined && !Object.is(values[key], GENERAL_DEFAULTS[key]),
    );
    return { enhancedSettingsChanged: changed };
  },
};

/** Append-only: a version, once shipped, is never renamed or removed. */
const LOCAL_MIGRATIONS: readonly LocalMigration[] = [v1];

export function readLocalRecord(storage: KeyValueStorage | undefined): LocalSettingsRecord {
  const stored = readJson(storage, LOCAL_RECORD_STORAGE_KEY) as
    | Partial<LocalSettingsRecord>
    | undefined;
  const migrations = Array.isArray(stored?.migrations)
    ? stored.migrations.filter((version): version is string => typeof version === "string")
    : [];
  return {
    ...stored,
    appVersion: typeof stored?.appVersion === "string" ? stored.appVersion : APP_VERSION,
    migrations,
  };
}

/**
 * Runs the local migrations this device has not completed, in order, and records them with
 * the running app version. Returns the record and the versions that ran now.
 */
export function runLocalMigrations(
  storage: KeyValueStorage | undefined,
  options: { appVersion?: string; migrations?: readonly LocalMigration[] } = {},
): { record: LocalSettingsRecord; ran: string[] } {
  let record = readLocalRecord(storage);
  const ran: string[] = [];
  for (const migration of options.migrations ?? LOCAL_MIGRATIONS) {
    if (record.migrations.includes(migration.version)) continue;
    record = {
      ...record,
      ...migration.run(storage),
      migrations: [...record.migrations, migration.version],
    };
    ran.push(migration.version);
  }
  const appVersion = options.appVersion ?? APP_VERSION;
  const changed = ran.length > 0 || record.appVersion !== appVersion;
  record = { ...record, appVersion };
  if (changed || readJson(storage, LOCAL_RECORD_STORAGE_KEY) === undefined) {
    writeJson(storage, LOCAL_RECORD_STORAGE_KEY, record);
  }
  return { record, ran };
}
