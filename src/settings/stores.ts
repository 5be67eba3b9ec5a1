import { createSettingsStore, type SettingsTab } from "./create-store.ts";
import { GENERAL_CHOICES, GENERAL_DEFAULTS, type GeneralSettings } from "./general.ts";
import { browserStorage, readJson, writeJson } from "./storage.ts";
import { GENERAL_STORAGE_KEY, SYNC_QUEUE_STORAGE_KEY, UI_STORAGE_KEY } from "./storage-keys.ts";
import { enqueueSettings, type QueuedSettings } from "./sync-queue.ts";
import { UI_CHOICES, UI_DEFAULTS, type UISettings } from "./ui.ts";

const storage = browserStorage();
type ChangeListener = (item: QueuedSettings) => void;
const changeListeners = new Set<ChangeListener>();

function recordChange(tab: SettingsTab, payload: object, date: number) {
  const item: QueuedSettings = { tab, payload: { ...payload }, date };
  const queued = readJson(storage, SYNC_QUEUE_STORAGE_KEY);
  writeJson(
    storage,
    SYNC_QUEUE_STORAGE_KEY,
    enqueueSettings(Array.isArray(queued) ? (queued as QueuedSettings[]) : [], item),
  );
  for (const listener of changeListeners) listener(item);
}

export const generalSettingsStore = createSettingsStore<GeneralSettings>({
  tab: "general",
  storageKey: GENERAL_STORAGE_KEY,
  defaults: GENERAL_DEFAULTS,
  choices: GENERAL_CHOICES,
  storage,
  onChange: recordChange,
});

export const uiSettingsStore = createSettingsStore<UISettings>({
  tab: "appearance",
  storageKey: UI_STORAGE_KEY,
  defaults: UI_DEFAULTS,
  choices: UI_CHOICES,
  storage,
  onChange: recordChange,
});

/**
 * The start-up step "hydrate settings": both tabs take what storage holds now (after the local
 * migrations and, for a new owner, after the previous user's stamps were dropped).
 */
export function hydrateSettings(): void {
  generalSettingsStore.reload();
  uiSettingsStore.reload();
}

/** The changes waiting to sync (persisted across reloads). */
export function pendingSettingsChanges(): QueuedSettings[] {
  const queued = readJson(storage, SYNC_QUEUE_STORAGE_KEY);
  return Array.isArray(queued) ? (queued as QueuedSettings[]) : [];
}

/** Hears every user change as a queue item (the server settings sync, server-sync.ts). */
export function onSettingsChange(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

// Another tab changed the settings: show the same values here.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === GENERAL_STORAGE_KEY) generalSettingsStore.reload();
    if (event.key === UI_STORAGE_KEY) uiSettingsStore.reload();
  });
}
