/** What the palette searches for one item: its label in the UI language and in English. */
export interface SearchableItem {
  id: string;
  label: string;
  englishLabel: string;
  keywords: readonly string[];
}

const KATAKANA = /[\u30a1-\u30f6]/g;

/**
 * Folds text for matching: compatibility forms (full-width letters), case, Latin accents, and
 * katakana to hiragana, so "ｓｔａｒ", "Café" and "スター" / "すたー" find what they should.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(KATAKANA, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60))
    .replace(/\s+/g, " ")
    .trim();
}

function fieldScore(field: string, token: string, weight: number): number {
  const at = field.indexOf(token);
  if (at < 0) return 0;
  if (at === 0) return weight * 3;
  // The start of a word counts more than the middle of one.
  return /[\s\-_./:(]/.test(field[at - 1]!) ? weight * 2 : weight;
}

/**
 * How well an item matches: every word of the query must occur in the translated label, the
 * English label, a keyword or the id; undefined when one does not.
 */
export function matchScore(item: SearchableItem, query: string): number | undefined {
  const tokens = normalizeSearchText(query).split(" ").filter(Boolean);
  if (tokens.length === 0) return 0;
  const label = normalizeSearchText(item.label);
  const english = normalizeSearchText(item.englishLabel);
  const keywords = item.keywords.map(normalizeSearchText);
  const id = normalizeSearchText(item.id);
  let total = 0;
  for (const token of tokens) {
    const score = Math.max(
      fieldScore(label, token, 4),
      fieldScore(english, token, 3),
      ...keywords.map((keyword) => fieldScore(keyword, token, 2)),
      fieldScore(id, token, 1),
    );
    if (score === 0) return undefined;
    total += score;
  }
  return total;
}

/** The items matching `query`, best first; ties keep their order. */
export function searchItems<T extends SearchableItem>(items: readonly T[], query: string): T[] {
  if (!normalizeSearchText(query)) return [...items];
  return items
    .map((item, index) => ({ item, index, score: matchScore(item, query) }))
    .filter(
      (entry): entry is { item: T; index: number; score: number } => entry.score !== undefined,
    )
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item }) => item);
}
