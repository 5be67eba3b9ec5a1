import type { DiscoverLanguage } from "../../../contract/discover-language.ts";

/** A discover language's name in the UI language ("Japanese", "日本語"); "all" is the caller's. */
export function discoverLanguageName(
  language: Exclude<DiscoverLanguage, "all">,
  uiLanguage: string,
): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: "language" }).of(language) ?? language;
  } catch {
    return language;
  }
}
