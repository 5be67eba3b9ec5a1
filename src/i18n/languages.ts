import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  type SupportedLanguage,
} from "../../contract/constants.ts";

import { isSupportedLanguage, matchLanguage } from "../../contract/languages.ts";

export { isSupportedLanguage, matchLanguage, resolveLanguage } from "../../contract/languages.ts";
export { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type SupportedLanguage };

/**
 * i18next fallbacks: Traditional Chinese falls back to Simplified Chinese, then
 * English; every other language falls back to English.
 */
export const FALLBACK_LANGUAGES = {
  "zh-TW": ["zh-CN", DEFAULT_LANGUAGE],
  default: [DEFAULT_LANGUAGE],
};

/** The stored preference wins, then the browser's languages in order, then English. */
export function detectLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[],
): SupportedLanguage {
  if (isSupportedLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
