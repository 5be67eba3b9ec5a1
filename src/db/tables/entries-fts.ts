/**
 * The FTS5 index of entries' search text (migrations/client/0003_search.ts keeps its DDL: a
 * virtual table has no columns to declare). Typed by hand for the statement builder: its rowid
 * is the entry's, and its hidden column named after the table takes a MATCH.
 */
export interface EntriesFtsRow {
  rowid: number;
  title: string | null;
  body: string | null;
  author: string | null;
  url: string | null;
  entries_fts: string;
}
