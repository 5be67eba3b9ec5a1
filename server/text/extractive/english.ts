import { createRequire } from "node:module";
import { pickSentences, type RankedSentence } from "./rank.ts";

/**
 * Extractive summary of English text with wink-nlp and its bundled English model: real
 * sentence boundaries (abbreviations, decimals, quotes), stop words dropped, terms lemmatised
 * by the model's normal form. The model (~1 MB) loads on first use, in the worker thread.
 */
type WinkNlp = {
  readDoc(text: string): {
    sentences(): { each(fn: (sentence: WinkItem) => void): void };
  };
  its: Record<string, unknown>;
};
type WinkToken = { out(accessor: unknown): string | boolean };
type WinkItem = {
  out(): string;
  tokens(): { each(fn: (token: WinkToken) => void): void };
};

let nlp: WinkNlp | null = null;

function englishNlp(): WinkNlp {
  if (!nlp) {
    const require = createRequire(import.meta.url);
    const winkNLP = require("wink-nlp") as (model: unknown) => WinkNlp;
    nlp = winkNLP(require("wink-eng-lite-web-model"));
  }
  return nlp;
}

export function summarizeEnglish(text: string): string {
  const engine = englishNlp();
  const { its } = engine;
  const sentences: RankedSentence[] = [];
  engine
    .readDoc(text)
    .sentences()
    .each((sentence) => {
      const terms: string[] = [];
      sentence.tokens().each((token) => {
        if (token.out(its.type) !== "word" || token.out(its.stopWordFlag) === true) return;
        terms.push(String(token.out(its.normal)));
      });
      sentences.push({ text: sentence.out().trim(), terms });
    });
  return pickSentences(sentences.filter((s) => s.text.length > 1));
}
