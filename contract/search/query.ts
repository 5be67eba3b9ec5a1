import { termsOf } from "./tokens.ts";

/**
 * The search box's syntax: words (all must match), "quoted phrases", `-word` or `-"phrase"`
 * to exclude, `title:` and `author:` to look in one field, a trailing `*` on a word for
 * words starting with it, and `tag:name` (or `tag:"two words"`, `-tag:name`) to keep to
 * entries carrying one of the person's tags (or not). Parsed once into clauses that each backend compiles (FTS5,
 * tsquery, the in-memory matcher), so every mode reads a query the same way.
 */
export type SearchField = "title" | "author";

export interface SearchClause {
  /** The terms, matched as a phrase (one term for a plain word). */
  terms: string[];
  field: SearchField | null;
  negated: boolean;
  /** The last term matches any word starting with it. */
  prefix: boolean;
}

/** A tag the entries must carry (or, negated, must not). */
export interface TagFilter {
  tag: string;
  negated: boolean;
}

export interface SearchQuery {
  clauses: SearchClause[];
  /** `tag:` filters, by the tag's exact name. */
  tags: TagFilter[];
  /** The terms to highlight: those of the clauses that must match. */
  highlight: HighlightTerm[];
}

export interface HighlightTerm {
  term: string;
  /** Words starting with the term count too. */
  prefix: boolean;
}

export type ParseResult = { ok: true; query: SearchQuery } | { ok: false; reason: string };

export const MAX_QUERY_LENGTH = 256;
const MAX_CLAUSES = 16;
const MAX_TERMS = 32;
const FIELDS: readonly SearchField[] = ["title", "author"];

export function parseSearchQuery(input: string): ParseResult {
  if (input.length > MAX_QUERY_LENGTH)
    return fail(`The query is longer than ${MAX_QUERY_LENGTH} characters`);
  const clauses: SearchClause[] = [];
  const tags: TagFilter[] = [];
  let i = 0;
  while (i < input.length) {
    if (/\s/.test(input[i]!)) {
      i += 1;
      continue;
    }
    const start = i;
    let negated = false;
    if (input[i] === "-") {
      negated = true;
      i += 1;
    }
    let field: SearchField | null = null;
    let tag = false;
    const named = /^([a-z]+):/i.exec(input.slice(i));
    const fieldName = named?.[1]?.toLowerCase();
    if (named && FIELDS.includes(fieldName as SearchField)) {
      field = fieldName as SearchField;
      i += named[0].length;
    } else if (named && fieldName === "tag") {
      tag = true;
      i += named[0].length;
    }
    const label = input.slice(start, i);
    let text: string;
    let quoted = false;
    if (input[i] === '"') {
      const close = input.indexOf('"', i + 1);
      if (close < 0) return fail(`A quote opened at character ${i + 1} is never closed`);
      text = input.slice(i + 1, close);
      quoted = true;
      i = close + 1;
    } else {
      const end = input.slice(i).search(/[\s"]/);
      const stop = end < 0 ? input.length : i + end;
      if (input[stop] === '"' && stop > i)
        return fail(`A quote at character ${stop + 1} must start a phrase, after a space`);
      text = input.slice(i, stop);
      i = stop;
    }
    if (text.trim() === "") {
      // A bare `tag:` would otherwise read as "any tag" or nothing at all: neither was asked for.
      if (tag)
        return fail(`"${label}" needs a tag's name right after it: tag:name or tag:"two words"`);
      if (label)
        return fail(`"${label}" needs a word or a "phrase" right after it, without a space`);
      return fail('An empty phrase ("") matches nothing: put words between the quotes');
    }
    if (tag) {
      tags.push({ tag: text.trim().replace(/\s+/g, " "), negated });
      continue;
    }
    const prefix = !quoted && text.endsWith("*");
    const terms = termsOf(text);
    // A word of punctuation only ("--", "!!!") has nothing to look for: it is left out.
    if (terms.length === 0) continue;
    clauses.push({ terms, field, negated, prefix });
  }
  if (clauses.length + tags.length > MAX_CLAUSES)
    return fail(`Use at most ${MAX_CLAUSES} words or phrases`);
  if (clauses.reduce((sum, c) => sum + c.terms.length, 0) > MAX_TERMS)
    return fail(`Use at most ${MAX_TERMS} words in all`);
  const wanted = clauses.filter((c) => !c.negated);
  if (clauses.length === 0) return fail("Type a word to look for");
  if (wanted.length === 0)
    return fail("Add a word to look for: -word only leaves out results that have it");
  const highlight = new Map<string, HighlightTerm>();
  for (const clause of wanted) {
    clause.terms.forEach((term, index) => {
      const prefix = clause.prefix && index === clause.terms.length - 1;
      const key = `${term}${prefix ? "*" : ""}`;
      highlight.set(key, { term, prefix });
    });
  }
  return { ok: true, query: { clauses, tags, highlight: [...highlight.values()] } };
}

function fail(reason: string): ParseResult {
  return { ok: false, reason };
}
