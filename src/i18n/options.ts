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

/**
 * Namespaces no screen shows before the timeline's first paint (account settings and sign-in
 * forms, discover, POWER, integrations, the palette, shortcut list and player, feed claims): loaded just after
 * the start, every language included. A component using one names it in useTranslation, which
 * waits for it; one in the page's first chunk sits under a Suspense of its own
 * (first-paint-strings.test.ts).
 */
export const LATER_NAMESPACES: readonly (typeof NAMESPACES)[number][] = [
  "accounts",
  "discover",
  "power",
  "integrations",
  "controls",
  "claims",
];

/** What the first paint needs: loaded before the app renders. */
export const FIRST_PAINT_NAMESPACES = NAMESPACES.filter((ns) => !LATER_NAMESPACES.includes(ns));

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
