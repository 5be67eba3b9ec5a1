/** English names of language tags, for prompts ("in Japanese"); unknown tags are used as-is. */
const NAMES: Record<string, string> = {
  en: "English",
  ja: "Japanese",
  "zh-CN": "Simplified Chinese",
  "zh-TW": "Traditional Chinese",
  zh: "Chinese",
  ko: "Korean",
  fr: "French",
  de: "German",
  es: "Spanish",
  pt: "Portuguese",
  it: "Italian",
  ru: "Russian",
};

export function languageName(tag: string): string {
  return NAMES[tag] ?? NAMES[tag.split("-")[0]!] ?? tag;
}
