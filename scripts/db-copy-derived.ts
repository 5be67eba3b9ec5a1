import { termsOf } from "../contract/search/tokens.ts";
import type { Value } from "./db-copy-values.ts";

/**
 * A target column with no counterpart in the other dialect, made from the row being copied.
 * PostgreSQL's search document is one: SQLite keeps its full-text index in an FTS5 table that
 * entry_search's triggers fill as rows arrive, PostgreSQL in a tsvector column of entry_search.
 */
export interface DerivedColumn {
  /** Extra text fields added to each row's JSON record, by name. */
  fields(row: ReadonlyMap<string, Value>): Record<string, string>;
  /** The SQL making the column from the record `r` (its columns and extra fields). */
  expression: string;
  fieldNames: readonly string[];
}

const text = (value: Value | undefined) => (typeof value === "string" ? value : "");

/** As writeSearchRows makes it (server/storage/search-index.ts): title A, author B, body C, url D. */
const searchDocument: DerivedColumn = {
  fieldNames: ["~title", "~author", "~body", "~url"],
  fields: (row) => ({
    "~title": termsOf(text(row.get("title"))).join(" "),
    "~author": termsOf(text(row.get("author"))).join(" "),
    "~body": termsOf(text(row.get("body"))).join(" "),
    "~url": termsOf(text(row.get("url"))).join(" "),
  }),
  expression: `setweight(to_tsvector('simple', r."~title"), 'A')
    || setweight(to_tsvector('simple', r."~author"), 'B')
    || setweight(to_tsvector('simple', r."~body"), 'C')
    || setweight(to_tsvector('simple', r."~url"), 'D')`,
};

const DERIVED: Record<string, DerivedColumn> = {
  "postgres:entry_search.document": searchDocument,
};

export function derivedColumn(
  dialect: string,
  table: string,
  column: string,
): DerivedColumn | undefined {
  return DERIVED[`${dialect}:${table}.${column}`];
}
