/**
 * A token estimate without a tokenizer: about 4 characters per token for spaced scripts, about
 * one per character for Han/Kana/Hangul. It errs high, so trimmed input stays within budget.
 */
const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

export function estimateTokens(text: string): number {
  const dense = text.match(DENSE)?.length ?? 0;
  return Math.ceil(dense + (text.length - dense) / 3.5);
}

/** The text cut (at a sentence or word end where one is near) to fit `budget` tokens. */
export function trimToTokens(text: string, budget: number): { text: string; trimmed: boolean } {
  if (estimateTokens(text) <= budget) return { text, trimmed: false };
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (estimateTokens(text.slice(0, mid)) <= budget) low = mid;
    else high = mid - 1;
  }
  const cut = text.slice(0, low);
  const boundary = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("。"), cut.lastIndexOf("\n"));
  const end = boundary > low * 0.8 ? boundary + 1 : Math.max(cut.lastIndexOf(" "), low * 0.9);
  return { text: cut.slice(0, Math.floor(end)).trimEnd(), trimmed: true };
}
