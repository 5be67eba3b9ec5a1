import { useEffect, useSyncExternalStore } from "react";
import { generalSettingsStore, uiSettingsStore } from "./stores.ts";
import { applyTheme, type ResolvedColorMode, resolveColorMode } from "./theme.ts";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function darkQuery(): MediaQueryList | undefined {
  return typeof window !== "undefined" && window.matchMedia
    ? window.matchMedia(DARK_QUERY)
    : undefined;
}

function subscribeSystemDark(listener: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener("change", listener);
  return () => query?.removeEventListener("change", listener);
}

const systemPrefersDark = () => darkQuery()?.matches ?? false;

/** Whether the system asks for dark; follows the prefers-color-scheme listener. */
function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribeSystemDark, systemPrefersDark, () => false);
}

/** The colour mode on screen now (system resolved). */
export function currentColorMode(): ResolvedColorMode {
  return resolveColorMode(uiSettingsStore.get().colorMode, systemPrefersDark());
}

/** Applies the stored theme at once, so the first paint already has the right colours. */
function applyStoredTheme(): void {
  if (typeof document === "undefined") return;
  applyTheme(document, uiSettingsStore.get(), systemPrefersDark());
}

applyStoredTheme();

/** Keeps <html> in step with the UI settings and the system colour scheme. */
export function ThemeSync({ language }: { language?: string }) {
  const settings = useSyncExternalStore(uiSettingsStore.subscribe, uiSettingsStore.get);
  const prefersDark = useSystemPrefersDark();
  useEffect(() => applyTheme(document, settings, prefersDark), [settings, prefersDark]);

  // The language lives in i18n (the switcher); mirror it into the general settings for sync.
  useEffect(() => {
    if (language && generalSettingsStore.get().language !== language) {
      generalSettingsStore.update({ language });
    }
  }, [language]);
  return null;
}
