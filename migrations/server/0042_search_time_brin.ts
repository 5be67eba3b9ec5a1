import { type Kysely, SqliteAdapter, sql } from "kysely";

/**
 * PostgreSQL: a BRIN index on the search rows' publish time (entries arrive roughly in time
 * order, so each block range spans a short stretch of time). Search walks the newest matches
 * in time slices: the GIN match ANDed with a slice's block ranges reads only the rows of the
 * slice's matches instead of every match's row (server/storage/search-slices.ts). A few
 * seconds to build at a million entries. SQLite's search walks FTS5 rowids and needs none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`create index entry_search_published_brin on entry_search
    using brin (published_at) with (pages_per_range = 32)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop index if exists entry_search_published_brin`.execute(db);
}
