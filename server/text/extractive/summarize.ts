import { summarizeAnyLanguage } from "./agnostic.ts";
import { summarizeEnglish } from "./english.ts";

/**
 * The local summary that needs no provider: English through wink-nlp, every other language
 * (or an unknown one that does not read as English) by language-agnostic sentence ranking.
 * CPU work on outside text: call it in a worker thread (summarizeInPool), never on the HTTP loop.
 */
export function summarizeExtractive(text: string, language: string | null): string {
  return isEnglish(text, language) ? summarizeEnglish(text) : summarizeAnyLanguage(text);
}

function isEnglish(text: string, language: string | null): boolean {
  if (language) return /^en\b/i.test(language);
  // No language known: mostly ASCII letters reads as English well enough for sentence splitting.
  const sample = text.slice(0, 2000);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  const ascii = sample.match(/[A-Za-z]/g)?.length ?? 0;
  return letters > 0 && ascii / letters > 0.9;
}
