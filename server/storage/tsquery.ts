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
