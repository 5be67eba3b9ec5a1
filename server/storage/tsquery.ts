import type { SearchClause, SearchQuery } from "../../contract/search/query.ts";

/**
 * A parsed query as tsquery text for `to_tsquery('simple', ...)`: each clause a phrase of
 * quoted lexemes (`<->`), restricted to the title (weight A) or author (B) when asked, a
 * trailing `:*` for a prefix; excluded clauses negated with `!`. Lexemes are the terms the
 * index was built from (contract/search/tokens.ts), so both sides cut text the same way.
 */
export function toTsquery(query: SearchQuery): string {
  return query.clauses.map(clauseText).join(" & ");
}

const WEIGHT = { title: "A", author: "B" } as const;

/**
 * The query's title: and author: clauses that must match, per field, as tsquery text without
 * the weight: what `ts_filter(document, '{a}')` (the title's lexemes alone) or `'{b}'` must
 * match for the whole query to. Those filtered vectors have GIN indexes of their own
 * (migration 0043), which offer only the entries with the word in that field, where the
 * document's index offers every entry with the word anywhere, each then read and checked.
 * Only clauses of letters and digits: PostgreSQL's parser drops a term it finds no word in from
 * the whole query, but a field's query of that term alone would match nothing.
 */
export function fieldTsqueries(query: SearchQuery): Array<{ weight: "a" | "b"; tsquery: string }> {
  return (["title", "author"] as const).flatMap((field) => {
    const clauses = query.clauses.filter(
      (clause) => clause.field === field && !clause.negated && clause.terms.every(isPlainWord),
    );
    if (clauses.length === 0) return [];
    const tsquery = clauses.map((clause) => clauseText({ ...clause, field: null })).join(" & ");
    return [{ weight: WEIGHT[field].toLowerCase() as "a" | "b", tsquery }];
  });
}

const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;
const isPlainWord = (term: string) => PLAIN_WORD.test(term);

function clauseText(clause: SearchClause): string {
  const weight = clause.field ? WEIGHT[clause.field] : "";
  const lexemes = clause.terms.map((term, index) => {
    const prefix = clause.prefix && index === clause.terms.length - 1 ? "*" : "";
    const label = prefix || weight ? `:${prefix}${weight}` : "";
    return `'${term.replaceAll("\\", "\\\\").replaceAll("'", "''")}'${label}`;
  });
  const phrase = lexemes.length > 1 ? `(${lexemes.join(" <-> ")})` : lexemes[0]!;
  return clause.negated ? `!${phrase}` : phrase;
}
