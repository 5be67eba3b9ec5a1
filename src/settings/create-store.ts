import { type Choices, changedKeys, sanitizeSettings } from "./sanitize.ts";
import { type KeyValueStorage, readJson, writeJson } from "./storage.ts";

/** The two settings tabs the server knows (PATCH settings/{tab}). */
export type SettingsTab = "appearance" | "general";

interface Stored<T> {
  values: Partial<T>;
  /** When the user last changed this tab (ms since epoch); 0 = never. */
  updated: number;
}

export interface SettingsStoreOptions<T extends object> {
  tab: SettingsTab;
  storageKey: string;
  defaults: T;
  choices?: Choices<T>;
  storage?: KeyValueStorage;
  now?: () => number;
  /** Called with only what changed and the new `updated` stamp: the sync queue's input. */
  onChange?: (tab: SettingsTab, patch: Partial<T>, updated: number) => void;
}

export interface SettingsStore<T extends object> {
  readonly tab: SettingsTab;
  readonly defaults: T;
  get(): T;
  /** The `updated` stamp of this tab (0 when never changed). */
  getUpdated(): number;
  subscribe(listener: () => void): () => void;
  /** A user change: stamps `updated`, persists and tells `onChange`. No-op when nothing changes. */
  update(patch: Partial<T>): void;
  /** Values from elsewhere (the server, another tab): no new stamp, no `onChange`. */
  hydrate(values: Partial<T>, updated: number): void;
  /** Back to the defaults (a user change). */
  reset(): void;
  /** Re-reads storage (start-up, another tab wrote it); listeners hear only of a change. */
  reload(): void;
}

/** A settings tab kept in storage and exposed for useSyncExternalStore. */
export function createSettingsStore<T extends object>(
  options: SettingsStoreOptions<T>,
): SettingsStore<T> {
  const { tab, storageKey, defaults, choices, storage } = options;
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let values: T = defaults;
  let updated = 0;

  function load() {
    const stored = readJson(storage, storageKey) as Partial<Stored<T>> | undefined;
    values = sanitizeSettings(stored?.values, defaults, choices);
    updated = typeof stored?.updated === "number" ? stored.updated : 0;
  }

  function commit(next: T, stamp: number) {
    values = next;
    updated = stamp;
    writeJson(storage, storageKey, { values: next, updated: stamp } satisfies Stored<T>);
    for (const listener of listeners) listener();
  }

  load();

  return {
    tab,
    defaults,
    get: () => values,
    getUpdated: () => updated,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch) {
      const changed = changedKeys(values, patch);
      if (Object.keys(changed).length === 0) return;
      const next = sanitizeSettings({ ...values, ...changed }, defaults, choices);
      const stamp = now();
      commit(next, stamp);
      options.onChange?.(tab, changed, stamp);
    },
    hydrate(patch, stamp) {
      commit(sanitizeSettings({ ...values, ...patch }, defaults, choices), stamp);
    },
    reset() {
      this.update(defaults);
    },
    reload() {
      const before = JSON.stringify([values, updated]);
      load();
      if (JSON.stringify([values, updated]) === before) return;
      for (const listener of listeners) listener();
    },
  };
}
