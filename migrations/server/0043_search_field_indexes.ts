import { type Kysely, SqliteAdapter, sql } from "kysely";

/**
 * PostgreSQL: GIN indexes on the title's and the author's lexemes alone (the document's weight
 * A and B, `ts_filter`). A `title:` word otherwise goes through the document's index, which
 * offers every entry holding the word anywhere (in a body, mostly), and each of those rows is
 * read to check the word's weight. SQLite's FTS5 filters by column itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`create index entry_search_title on entry_search
    using gin (ts_filter(document, '{a}'))`.execute(db);
  await sql`create index entry_search_author on entry_search
    using gin (ts_filter(document, '{b}'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop index if exists entry_search_title`.execute(db);
  await sql`drop index if exists entry_search_author`.execute(db);
}
