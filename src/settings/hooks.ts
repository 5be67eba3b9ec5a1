import { useSyncExternalStore } from "react";
import type { GeneralSettings } from "./general.ts";
import { generalSettingsStore, uiSettingsStore } from "./stores.ts";
import type { UISettings } from "./ui.ts";

/** The general settings; re-renders when they change. */
export function useGeneralSettings(): GeneralSettings {
  return useSyncExternalStore(
    generalSettingsStore.subscribe,
    generalSettingsStore.get,
    generalSettingsStore.get,
  );
}

/** The UI (appearance) settings; re-renders when they change. */
export function useUISettings(): UISettings {
  return useSyncExternalStore(uiSettingsStore.subscribe, uiSettingsStore.get, uiSettingsStore.get);
}

export function getGeneralSettings(): GeneralSettings {
  return generalSettingsStore.get();
}

export function getUISettings(): UISettings {
  return uiSettingsStore.get();
}

export function updateGeneralSettings(patch: Partial<GeneralSettings>): void {
  generalSettingsStore.update(patch);
}

export function setGeneralSetting<K extends keyof GeneralSettings>(
  key: K,
  value: GeneralSettings[K],
): void {
  generalSettingsStore.update({ [key]: value } as Partial<GeneralSettings>);
}

export function setUISetting<K extends keyof UISettings>(key: K, value: UISettings[K]): void {
  uiSettingsStore.update({ [key]: value } as Partial<UISettings>);
}
