import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type SupportedLanguage } from "./constants.ts";

/**
 * Which supported language a tag asks for, the same on both sides: the client picks its
 * interface language with it, the server the language of a reason written for people.
 */
export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps a BCP 47 tag to a supported language, or undefined when none fits: zh-HK, zh-MO and
 * zh-Hant read Traditional Chinese; zh, zh-SG and zh-Hans read Simplified Chinese.
 */
export function matchLanguage(tag: string | null | undefined): SupportedLanguage | undefined {
  if (!tag) return undefined;
  const parts = tag.trim().replace(/_/g, "-").toLowerCase().split("-");
  const [primary, ...subtags] = parts;
  switch (primary) {
    case "en":
      return "en";
    case "ja":
      return "ja";
    case "zh": {
      if (subtags.includes("hant")) return "zh-TW";
      if (subtags.includes("hans")) return "zh-CN";
      return subtags.some((s) => s === "tw" || s === "hk" || s === "mo") ? "zh-TW" : "zh-CN";
    }
    default:
      return undefined;
  }
}

/** Unsupported languages fall back to English. */
export function resolveLanguage(tag: string | null | undefined): SupportedLanguage {
  return matchLanguage(tag) ?? DEFAULT_LANGUAGE;
}
