import { pickSentences, type RankedSentence } from "./rank.ts";

/**
 * Extractive summary for any language: sentences split on terminal punctuation (Latin, CJK,
 * Devanagari, Arabic...), terms are lower-cased letter runs, and runs of Han/Kana/Hangul
 * (written without spaces) are cut into overlapping character pairs.
 */
const SENTENCE = /[^.!?。！？।؟\n]+(?:[.!?。！？।؟]+["'”’」』)]*|$)/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const match of text.matchAll(SENTENCE)) {
    const sentence = match[0].trim();
    if (sentence.length > 1) sentences.push(sentence);
  }
  return sentences;
}

export function termsOf(sentence: string): string[] {
  const terms: string[] = [];
  for (const match of sentence.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (!UNSPACED.test(word)) {
      if (word.length > 2) terms.push(word);
      continue;
    }
    const chars = [...word];
    if (chars.length === 1) terms.push(word);
    for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
  }
  return terms;
}

export function summarizeAnyLanguage(text: string): string {
  const sentences: RankedSentence[] = splitSentences(text).map((sentence) => ({
    text: sentence,
    terms: termsOf(sentence),
  }));
  return pickSentences(sentences);
}
