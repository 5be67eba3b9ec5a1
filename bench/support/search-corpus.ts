import { seededRandom } from "./feed-docs.ts";

/**
 * Text for the search benchmark: a vocabulary of pronounceable made-up words drawn with a Zipf
 * law (s = 1), like natural language, so some words are in a fifth of all entries and most are
 * rare. Deterministic for a seed.
 */
export interface Corpus {
  /** Words by rank (0 = most frequent). */
  words: string[];
  sentence(count: number): string;
}

const SYLLABLES =
  "ba be bi bo bu ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu za ze zi zo zu".split(
    " ",
  );

export function createCorpus(size = 20_000, seed = 7): Corpus {
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const words: string[] = [];
  while (words.length < size) {
    const length = 2 + Math.floor(random() * 3);
    let word = "";
    for (let i = 0; i < length; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let i = 0; i < size; i++) {
    total += 1 / (i + 1);
    cumulative[i] = total;
  }
  const pick = () => {
    const target = random() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return words[low]!;
  };
  return {
    words,
    sentence(count) {
      const out: string[] = [];
      for (let i = 0; i < count; i++) out.push(pick());
      return out.join(" ");
    },
  };
}
