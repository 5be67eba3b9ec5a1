import { type Kysely, SqliteAdapter, sql } from "kysely";
import { plainTextOf } from "../../contract/search/plain-text.ts";
import { indexableText, termsOf } from "../../contract/search/tokens.ts";

/**
 * Full-text search. `entry_search` holds each entry's searchable plain text (title, text of the
 * content, author, url), written whenever an entry is stored and removed with its entry. SQLite indexes it with an FTS5 external-content table that triggers keep in
 * step; PostgreSQL with a weighted tsvector column under a GIN index (`simple` configuration,
 * CJK characters as separate terms, so Chinese and Japanese text is found). Existing entries
 * are indexed here, in batches, by code frozen in this file: a migration must do tomorrow what
 * it did the day it was written, whatever the live indexing code becomes.
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
  await indexExistingEntries(db as unknown as Kysely<BackfillTables>, sqlite);
  // Built after the rows are in: one GIN build is much faster than growing it row by row.
  if (!sqlite) {
    await sql`create index entry_search_document on entry_search using gin (document)`.execute(db);
    // Newest matches first: for a word in many entries, walking this beats sorting them all.
    await sql`create index entry_search_published on entry_search (published_at desc)`.execute(db);
  }
}

/** The columns the backfill reads and writes, as they were at this migration. */
interface BackfillTables {
  entry: {
    id: string;
    feed_id: string;
    published_at: string;
    title: string | null;
    content: string | null;
    description: string | null;
    author: string | null;
    url: string | null;
  };
  entry_search: {
    entry_id: string;
    feed_id: string;
    published_at: string;
    title: string;
    body: string;
    author: string;
    url: string;
    document?: unknown;
  };
}

const BACKFILL_BATCH = 500;
/** Rows per insert while backfilling: few, large statements. */
const BACKFILL_ROWS_PER_INSERT = 250;
/** Indexed text per entry is bounded: a 5 MB post must not make a 5 MB index row. */
const MAX_INDEXED_BODY = 20_000;
const MAX_INDEXED_FIELD = 1_000;

async function indexExistingEntries(db: Kysely<BackfillTables>, sqlite: boolean) {
  let after = "";
  for (;;) {
    const entries = await db
      .selectFrom("entry")
      .select(["id", "feed_id", "published_at", "title", "content", "description", "author", "url"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BACKFILL_BATCH)
      .execute();
    if (entries.length === 0) return;
    const rows = entries.map(searchRowOf);
    for (let start = 0; start < rows.length; start += BACKFILL_ROWS_PER_INSERT) {
      const batch = rows.slice(start, start + BACKFILL_ROWS_PER_INSERT);
      await db
        .insertInto("entry_search")
        .values(sqlite ? batch : batch.map(withDocument))
        .onConflict((oc) => oc.column("entry_id").doNothing())
        .execute();
    }
    after = entries.at(-1)!.id;
  }
}

/** Plain text as the index stores it: tags dropped, terms folded (contract/search/tokens.ts). */
function searchRowOf(entry: BackfillTables["entry"]) {
  const html = entry.content || entry.description || "";
  return {
    entry_id: entry.id,
    feed_id: entry.feed_id,
    published_at: entry.published_at,
    title: indexableText(plainTextOf(entry.title ?? "", MAX_INDEXED_FIELD)),
    body: indexableText(plainTextOf(html, MAX_INDEXED_BODY)),
    author: indexableText((entry.author ?? "").slice(0, MAX_INDEXED_FIELD)),
    url: (entry.url ?? "").slice(0, MAX_INDEXED_FIELD),
  };
}

/** PostgreSQL's weighted tsvector: title A, author B, body C, url D. */
function withDocument(row: ReturnType<typeof searchRowOf>) {
  const part = (text: string, weight: "A" | "B" | "C" | "D") =>
    sql`setweight(to_tsvector('simple', ${termsOf(text).join(" ")}), ${sql.lit(weight)})`;
  return {
    ...row,
    document: sql`${part(row.title, "A")} || ${part(row.author, "B")} || ${part(row.body, "C")} || ${part(row.url, "D")}`,
  };
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop table if exists entry_fts`.execute(db);
  }
  await sql`drop table if exists entry_search`.execute(db);
}
