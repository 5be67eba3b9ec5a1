import type { InitOptions } from "i18next";
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGES, SUPPORTED_LANGUAGES } from "./languages.ts";

const NAMESPACES = [
  "app",
  "errors",
  "commands",
  "reader",
  "controls",
  "accounts",
  "lists",
  "search",
  "ai",
  "desktop",
  "integrations",
  "onboarding",
  "discover",
  "claims",
  "power",
] as const;

/** Options shared by the app's i18next instance and the fallback tests. */
export const baseI18nOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGES,
  // Only the exact codes exist as files: never ask for "zh" on the way to "zh-TW".
  load: "currentOnly",
  ns: [...NAMESPACES],
  defaultNS: "app",
  fallbackNS: false,
  lng: DEFAULT_LANGUAGE,
  // React escapes output already.
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;
