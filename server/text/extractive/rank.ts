/**
 * Sentence ranking shared by both extractive summarizers: a sentence scores the mean weight of
 * its terms (term frequency across the text, damped), with a small bonus for the lead; the best
 * few are returned in their original order, within a character budget.
 */
export interface RankedSentence {
  text: string;
  terms: readonly string[];
}

export interface PickOptions {
  /** Sentences at most. */
  maxSentences: number;
  /** Characters at most, whole sentences only (the first is always kept, cut if needed). */
  maxChars: number;
}

export const DEFAULT_PICK: PickOptions = { maxSentences: 4, maxChars: 700 };

export function pickSentences(
  sentences: readonly RankedSentence[],
  options: PickOptions = DEFAULT_PICK,
): string {
  const frequency = new Map<string, number>();
  for (const sentence of sentences)
    for (const term of sentence.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);

  const scored = sentences.map((sentence, index) => {
    let sum = 0;
    const seen = new Set<string>();
    for (const term of sentence.terms) {
      if (seen.has(term)) continue;
      seen.add(term);
      sum += Math.log1p(frequency.get(term) ?? 0);
    }
    // Very short or very long sentences make poor summaries; the lead often states the point.
    const length = sentence.terms.length;
    const lengthFit = length < 4 ? 0.3 : length > 60 ? 0.6 : 1;
    const lead = index === 0 ? 1.25 : index < 3 ? 1.1 : 1;
    return { index, score: (sum / Math.sqrt(Math.max(1, seen.size))) * lengthFit * lead };
  });

  const chosen: number[] = [];
  const seenTexts = new Set<string>();
  let used = 0;
  for (const { index } of scored.sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (chosen.length >= options.maxSentences) break;
    const text = sentences[index]!.text;
    if (seenTexts.has(text)) continue;
    if (chosen.length > 0 && used + text.length > options.maxChars) continue;
    seenTexts.add(text);
    chosen.push(index);
    used += text.length;
  }
  const summary = chosen
    .sort((a, b) => a - b)
    .map((index) => sentences[index]!.text)
    .join(" ");
  return summary.length > options.maxChars
    ? `${summary.slice(0, options.maxChars - 1).trimEnd()}…`
    : summary;
}
