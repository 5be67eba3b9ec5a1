import { readFileSync } from "node:fs";
import { DEFAULT_LANGUAGE, type SupportedLanguage } from "../../contract/constants.ts";
import { matchLanguage } from "../../contract/languages.ts";

/**
 * Server-side wording from the client's own catalogues (`locales/<language>/errors.json`), for the
 * few reasons written for people rather than programs (a refused password). The language is the
 * first supported one in the request's Accept-Language; English otherwise.
 */
const catalogues = new Map<SupportedLanguage, Record<string, string>>();

function catalogue(language: SupportedLanguage): Record<string, string> {
  let found = catalogues.get(language);
  if (!found) {
    const file = new URL(`../../locales/${language}/errors.json`, import.meta.url);
    found = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    catalogues.set(language, found);
  }
  return found;
}

export function languageOf(acceptLanguage: string | null | undefined): SupportedLanguage {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const match = matchLanguage(part.split(";")[0]);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

/** The message for `key` in the request's language, falling back to English, then the key. */
export function localized(key: string, acceptLanguage: string | null | undefined): string {
  return catalogue(languageOf(acceptLanguage))[key] ?? catalogue(DEFAULT_LANGUAGE)[key] ?? key;
}
