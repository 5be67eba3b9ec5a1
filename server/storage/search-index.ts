import { type Kysely, sql } from "kysely";
import { htmlToText } from "../../contract/html/text.ts";
import { indexableText, termsOf } from "../../contract/search/tokens.ts";
import type { Database, DatabaseDialect } from "../db/schema.ts";
import { shapedChunks } from "./chunks.ts";

/** Indexed text per entry is bounded: a 5 MB post must not make a 5 MB index row. */
export const MAX_INDEXED_BODY = 20_000;
const MAX_INDEXED_FIELD = 1_000;

/** The entry columns the search row is made of. */
export interface IndexedEntry {
  id: string;
  feed_id: string;
  published_at: string;
  title: string | null;
  content: string | null;
  description: string | null;
  author: string | null;
  url: string | null;
}

/** One row of entry_search: plain text as the index stores it (see contract/search/tokens.ts). */
export interface SearchRow {
  entry_id: string;
  feed_id: string;
  published_at: string;
  title: string;
  body: string;
  author: string;
  url: string;
}

/** HTML read per entry: enough for MAX_INDEXED_BODY characters of text, bounded main-thread work. */
const MAX_HTML_READ = 4 * MAX_INDEXED_BODY;

export function searchRowOf(entry: IndexedEntry): SearchRow {
  const html = (entry.content || entry.description || "").slice(0, MAX_HTML_READ);
  return {
    entry_id: entry.id,
    feed_id: entry.feed_id,
    published_at: entry.published_at,
    title: indexableText(htmlToText(entry.title ?? "").slice(0, MAX_INDEXED_FIELD)),
    body: indexableText(htmlToText(html).slice(0, MAX_INDEXED_BODY)),
    author: indexableText((entry.author ?? "").slice(0, MAX_INDEXED_FIELD)),
    url: (entry.url ?? "").slice(0, MAX_INDEXED_FIELD),
  };
}

/**
 * Writes (or rewrites) the search rows of entries. On SQLite the FTS5 table follows entry_search
 * through its triggers; on PostgreSQL the tsvector is made here from the same terms the query
 * side uses, weighted title A, author B, body C, url D. A deleted entry's row goes with it
 * (ON DELETE CASCADE, which fires the FTS5 delete trigger too).
 */
export async function writeSearchRows(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  entries: readonly IndexedEntry[],
  sizes: readonly number[] = SEARCH_INSERT_SIZES,
): Promise<void> {
  for (const batch of shapedChunks(entries.map(searchRowOf), sizes)) {
    const values = dialect === "postgres" ? batch.map(withDocument) : batch;
    await db
      .insertInto("entry_search")
      .values(values)
      .onConflict((oc) =>
        oc.column("entry_id").doUpdateSet((eb) => ({
          feed_id: eb.ref("excluded.feed_id"),
          published_at: eb.ref("excluded.published_at"),
          title: eb.ref("excluded.title"),
          body: eb.ref("excluded.body"),
          author: eb.ref("excluded.author"),
          url: eb.ref("excluded.url"),
          ...(dialect === "postgres" ? { document: eb.ref("excluded.document") } : {}),
        })),
      )
      .execute();
  }
}

const SEARCH_INSERT_SIZES = [50, 20, 5, 1];

function withDocument(row: SearchRow) {
  const part = (text: string, weight: "A" | "B" | "C" | "D") =>
    sql`setweight(to_tsvector('simple', ${termsOf(text).join(" ")}), ${sql.lit(weight)})`;
  return {
    ...row,
    document: sql<string>`${part(row.title, "A")} || ${part(row.author, "B")} || ${part(row.body, "C")} || ${part(row.url, "D")}`,
  };
}
