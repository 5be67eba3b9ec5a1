/**
 * Text to speak, cut into sentences: each becomes one utterance, so the pane can show which
 * sentence is being read and pause or stop between them. Long sentences are cut at commas or
 * spaces (speech engines stop on very long utterances).
 */
const MAX_UTTERANCE = 240;

export function speechSentences(text: string): string[] {
  const sentences =
    text
      .replace(/\s+/g, " ")
      .match(/[^.!?。！？]+(?:[.!?。！？]+["'”’」』)]*|$)/gu)
      ?.map((s) => s.trim())
      .filter((s) => /[\p{L}\p{N}]/u.test(s)) ?? [];
  return sentences.flatMap((sentence) => cut(sentence));
}

function cut(sentence: string): string[] {
  if (sentence.length <= MAX_UTTERANCE) return [sentence];
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_UTTERANCE) {
    const window = rest.slice(0, MAX_UTTERANCE);
    const at = Math.max(
      window.lastIndexOf(", "),
      window.lastIndexOf("、"),
      window.lastIndexOf(" "),
    );
    const end = at > MAX_UTTERANCE / 2 ? at + 1 : MAX_UTTERANCE;
    parts.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}
