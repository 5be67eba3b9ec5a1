import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiCall } from "../api/call.ts";
import type { SettingsStore } from "./create-store.ts";
import { browserStorage, type KeyValueStorage, writeJson } from "./storage.ts";
import { SYNC_QUEUE_STORAGE_KEY } from "./storage-keys.ts";
import {
  generalSettingsStore,
  onSettingsChange,
  pendingSettingsChanges,
  uiSettingsStore,
} from "./stores.ts";
import { createSettingsSync, type QueuedSettings } from "./sync-queue.ts";

/** What settings sync needs of the API client: its typed call. */
export type SettingsApi = ApiCall;

export interface ServerSettingsSync {
  /** Takes the server's newer tabs, then sends what this device changed meanwhile. */
  pullAndFlush(): Promise<void>;
  dispose(): void;
}

// biome-ignore lint/suspicious/noExplicitAny: stores of different value types share this list.
type AnyStore = SettingsStore<any>;

/**
 * Settings follow the user across devices: GET settings brings each tab with its
 * `updated` stamp, and a tab the server changed after this device did replaces the local
 * values (newest wins, per tab); local changes queue (merged per tab, persisted) and go out as
 * PATCH settings/{tab}, throttled to one send a second, while online.
 */
export function startServerSettingsSync(deps: {
  api: SettingsApi;
  isOnline(): boolean;
  stores?: readonly AnyStore[];
  storage?: KeyValueStorage | undefined;
  initial?: readonly QueuedSettings[];
  subscribe?: (listener: (item: QueuedSettings) => void) => () => void;
}): ServerSettingsSync {
  const stores = deps.stores ?? [generalSettingsStore, uiSettingsStore];
  const storage = deps.storage ?? browserStorage();
  const sync = createSettingsSync({
    send: async (item) => {
      await deps.api(endpointInfo.settings.patch, item.payload, {
        params: { tab: item.tab },
        silent: true,
      });
    },
    isOnline: deps.isOnline,
    now: Date.now,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    save: (queue) => writeJson(storage, SYNC_QUEUE_STORAGE_KEY, queue),
    initial: deps.initial ?? pendingSettingsChanges(),
  });
  const unsubscribe = (deps.subscribe ?? onSettingsChange)((item) => sync.enqueue(item));
  const online = () => void sync.flush();
  if (typeof window !== "undefined") window.addEventListener("online", online);

  async function pull() {
    const answer = await deps.api(endpointInfo.settings.get, {}, { silent: true });
    for (const store of stores) {
      const stamp = Date.parse(answer.updated?.[store.tab] ?? "");
      const values = answer.settings?.[store.tab];
      if (values && stamp > store.getUpdated()) store.hydrate(values, stamp);
    }
  }

  return {
    async pullAndFlush() {
      if (!deps.isOnline()) return;
      try {
        await pull();
      } catch (error) {
        console.warn("Could not fetch the settings", error);
      }
      await sync.flush();
    },
    dispose() {
      unsubscribe();
      sync.dispose();
      if (typeof window !== "undefined") window.removeEventListener("online", online);
    },
  };
}

/**
 * Another user signed in on this browser: the previous user's unsent changes are dropped (like
 * their queued commands), and the local values no longer count as newer than the server's.
 */
export function forgetSettingsOfPreviousUser(
  stores: readonly AnyStore[] = [generalSettingsStore, uiSettingsStore],
  storage: KeyValueStorage | undefined = browserStorage(),
) {
  writeJson(storage, SYNC_QUEUE_STORAGE_KEY, []);
  for (const store of stores) store.hydrate(store.get(), 0);
}
