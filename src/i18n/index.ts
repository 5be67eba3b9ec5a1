import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { localeBackend } from "./backend.ts";
import { detectLanguage, type SupportedLanguage } from "./languages.ts";
import { baseI18nOptions, FIRST_PAINT_NAMESPACES, LATER_NAMESPACES } from "./options.ts";

export { SUPPORTED_LANGUAGES, type SupportedLanguage } from "./languages.ts";

const LANGUAGE_STORAGE_KEY = "follow:language";

export const i18n = i18next.createInstance();

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export interface I18nHooks {
  /** A language pack could not be loaded; the UI falls back and should say so. */
  onLanguagePackFailed(language: string): void;
}

export async function initI18n(hooks: I18nHooks): Promise<void> {
  const browserLanguages = navigator.languages?.length ? navigator.languages : [navigator.language];
  const lng = detectLanguage(readStoredLanguage(), browserLanguages);
  const reported = new Set<string>();
  i18n.on("failedLoading", (language: string) => {
    if (reported.has(language)) return;
    reported.add(language);
    hooks.onLanguagePackFailed(language);
  });
  i18n.on("languageChanged", (language: string) => {
    document.documentElement.lang = language;
  });
  await i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({ ...baseI18nOptions, ns: [...FIRST_PAINT_NAMESPACES], lng });
  document.documentElement.lang = i18n.language;
  // Not awaited: the first paint does not wait for them (their chunks are small and start now).
  void i18n.loadNamespaces([...LATER_NAMESPACES]);
}

/** Switches the UI language and remembers the choice for the next visit. */
export async function setLanguage(language: SupportedLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch itself still works.
  }
  await i18n.changeLanguage(language);
}

/** Used by the API client: `errors:{code}` with the server's message as fallback. */
export function translate(key: string, fallback: string): string {
  return i18n.exists(key) ? i18n.t(key) : fallback;
}
