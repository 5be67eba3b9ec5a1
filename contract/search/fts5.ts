import type { SearchClause, SearchQuery } from "./query.ts";

/**
 * A parsed query as an FTS5 MATCH expression over the columns (title, body, author, url).
 * Every clause becomes a quoted phrase of its terms (terms are letters and digits only, so
 * nothing in them can be FTS5 syntax); excluded clauses hang off the wanted ones with NOT.
 */
export function toFts5Match(query: SearchQuery): string {
  const wanted = query.clauses.filter((c) => !c.negated).map(clauseExpression);
  const unwanted = query.clauses.filter((c) => c.negated).map(clauseExpression);
  let expression = wanted.length === 1 ? wanted[0]! : `(${wanted.join(" AND ")})`;
  for (const clause of unwanted) expression = `(${expression} NOT ${clause})`;
  return expression;
}

function clauseExpression(clause: SearchClause): string {
  // Terms are folded already; CJK ones are single characters, apart as in stored text.
  const phrase = `"${clause.terms.join(" ").replaceAll('"', '""')}"${clause.prefix ? " *" : ""}`;
  return clause.field ? `${clause.field} : ${phrase}` : phrase;
}
