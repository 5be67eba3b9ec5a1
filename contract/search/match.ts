import type { SearchClause, SearchQuery } from "./query.ts";
import { termsOf } from "./tokens.ts";

/** The fields a record is searched in; `body` stands for the description or text. */
export interface SearchableFields {
  title?: string | null;
  author?: string | null;
  body?: string | null;
  url?: string | null;
}

type Terms = Record<keyof SearchableFields, string[]>;

/**
 * The query evaluated in memory, for small sets (the user's feeds): the same reading as the
 * indexes, returning a score (title hits weigh most) or null when the record does not match.
 */
export function matchRecord(query: SearchQuery, record: SearchableFields): number | null {
  const terms: Terms = {
    title: termsOf(record.title ?? ""),
    author: termsOf(record.author ?? ""),
    body: termsOf(record.body ?? ""),
    url: termsOf(record.url ?? ""),
  };
  let score = 0;
  for (const clause of query.clauses) {
    const fields = clause.field ? [clause.field] : (Object.keys(terms) as Array<keyof Terms>);
    const hits = fields.map((field) => (containsPhrase(terms[field], clause) ? field : null));
    const found = hits.some((hit) => hit !== null);
    if (found === clause.negated) return null;
    if (found) score += hits.includes("title") ? 10 : hits.includes("author") ? 5 : 1;
  }
  return score;
}

function containsPhrase(terms: readonly string[], clause: SearchClause): boolean {
  const n = clause.terms.length;
  for (let i = 0; i + n <= terms.length; i++) {
    let all = true;
    for (let k = 0; k < n && all; k++) {
      const want = clause.terms[k]!;
      const have = terms[i + k]!;
      all = clause.prefix && k === n - 1 ? have.startsWith(want) : have === want;
    }
    if (all) return true;
  }
  return false;
}
