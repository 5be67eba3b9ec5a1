import { franc } from "franc-min";

export { needsTranslation } from "../../contract/ai.ts";

/**
 * Language detection of entry text with franc-min (trigram statistics, 82 languages), mapped
 * from ISO 639-3 to the BCP 47 tags feeds and the UI use. Chinese is told apart as Simplified
 * or Traditional by characters that exist in one script only. About 1 ms per 2,000 characters,
 * so it reads a bounded sample.
 */
const SAMPLE_CHARS = 2_000;
/** Below this many letters a guess is noise: no language rather than a wrong one. */
const MIN_LETTERS = 20;

const TAGS: Record<string, string> = {
  eng: "en",
  jpn: "ja",
  kor: "ko",
  fra: "fr",
  deu: "de",
  spa: "es",
  por: "pt",
  ita: "it",
  rus: "ru",
  ukr: "uk",
  pol: "pl",
  nld: "nl",
  swe: "sv",
  tur: "tr",
  arb: "ar",
  pes: "fa",
  hin: "hi",
  ben: "bn",
  vie: "vi",
  tha: "th",
  ind: "id",
  zlm: "ms",
  ces: "cs",
  ell: "el",
  heb: "he",
  hun: "hu",
  ron: "ro",
};

const SIMPLIFIED = /[这们个为说时会发过来对后国经还进实学东长问见现给样与书车门]/gu;
const TRADITIONAL = /[這們個為說時會發過來對後國經還進實學東長問見現給樣與書車門]/gu;

export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, SAMPLE_CHARS);
  if ((sample.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return null;
  const code = franc(sample, { minLength: MIN_LETTERS });
  if (code === "cmn") {
    const simplified = sample.match(SIMPLIFIED)?.length ?? 0;
    const traditional = sample.match(TRADITIONAL)?.length ?? 0;
    return traditional > simplified ? "zh-TW" : "zh-CN";
  }
  return TAGS[code] ?? null;
}

/** Entries whose feed did not say their language get the detected one (null if unsure). */
export function fillEntryLanguages(
  entries: { language: string | null; title: string | null; description: string | null }[],
): void {
  for (const entry of entries) {
    if (entry.language) continue;
    entry.language = detectLanguage(`${entry.title ?? ""}. ${entry.description ?? ""}`);
  }
}
