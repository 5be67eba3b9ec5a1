import { type Kysely, SqliteAdapter, sql } from "kysely";
import type { Database } from "../../server/db/schema.ts";
import { type IndexedEntry, writeSearchRows } from "../../server/storage/search-index.ts";

/**
 * Full-text search. `entry_search` holds each entry's searchable plain text (title, text of the
 * content, author, url), written by the ingestion path (server/storage/entries.ts) and removed
 * with its entry. SQLite indexes it with an FTS5 external-content table that triggers keep in
 * step; PostgreSQL with a weighted tsvector column under a GIN index (`simple` configuration,
 * CJK characters as separate terms, so Chinese and Japanese text is found). Existing entries
 * are indexed here, in batches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    await sql`create table entry_search (
      id integer primary key,
      entry_id varchar(20) not null unique references entry(id) on delete cascade,
      feed_id varchar(20) not null,
      published_at varchar(30) not null,
      title text not null,
      body text not null,
      author text not null,
      url text not null
    )`.execute(db);
    // Marks count as letters (Indic vowel signs), accents fold away (café finds cafe).
    await sql`create virtual table entry_fts using fts5(
      title, body, author, url,
      content='entry_search', content_rowid='id',
      tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'"
    )`.execute(db);
    await sql`create trigger entry_search_ai after insert on entry_search begin
      insert into entry_fts(rowid, title, body, author, url)
        values (new.id, new.title, new.body, new.author, new.url);
    end`.execute(db);
    await sql`create trigger entry_search_ad after delete on entry_search begin
      insert into entry_fts(entry_fts, rowid, title, body, author, url)
        values ('delete', old.id, old.title, old.body, old.author, old.url);
    end`.execute(db);
    await sql`create trigger entry_search_au after update on entry_search begin
      insert into entry_fts(entry_fts, rowid, title, body, author, url)
        values ('delete', old.id, old.title, old.body, old.author, old.url);
      insert into entry_fts(rowid, title, body, author, url)
        values (new.id, new.title, new.body, new.author, new.url);
    end`.execute(db);
  } else {
    await sql`create table entry_search (
      entry_id varchar(20) primary key references entry(id) on delete cascade,
      feed_id varchar(20) not null,
      published_at varchar(30) not null,
      title text not null,
      body text not null,
      author text not null,
      url text not null,
      document tsvector not null
    )`.execute(db);
  }
  await sql`create index entry_search_feed on entry_search (feed_id, published_at)`.execute(db);
  await indexExistingEntries(db as unknown as Kysely<Database>, sqlite ? "sqlite" : "postgres");
  // Built after the rows are in: one GIN build is much faster than growing it row by row.
  if (!sqlite) {
    await sql`create index entry_search_document on entry_search using gin (document)`.execute(db);
    // Newest matches first: for a word in many entries, walking this beats sorting them all.
    await sql`create index entry_search_published on entry_search (published_at desc)`.execute(db);
  }
}

const BACKFILL_BATCH = 500;
/** Rows per statement while backfilling: few, large statements. */
const BACKFILL_SIZES = [250, 50, 10, 1];

async function indexExistingEntries(db: Kysely<Database>, dialect: "sqlite" | "postgres") {
  let after = "";
  for (;;) {
    const rows: IndexedEntry[] = await db
      .selectFrom("entry")
      .select(["id", "feed_id", "published_at", "title", "content", "description", "author", "url"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BACKFILL_BATCH)
      .execute();
    if (rows.length === 0) return;
    await writeSearchRows(db, dialect, rows, BACKFILL_SIZES);
    after = rows.at(-1)!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop table if exists entry_fts`.execute(db);
  }
  await sql`drop table if exists entry_search`.execute(db);
}
