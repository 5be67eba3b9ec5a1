import { type Kysely, SqliteAdapter, sql } from "kysely";

/**
 * SQLite: an entry's full content moves to the end of its row. SQLite reads a row's columns in
 * order, and a long article spills into a chain of overflow pages, so with `content` in the
 * middle every list (timeline, search results, unread pages) walked the whole chain to reach the
 * description, author and media after it: a timeline page took 1.9x as long with 8 KB articles
 * and 5x with 50 KB ones, reading every page of every article. At the end, a list reads
 * only the first page or two of each row.
 *
 * SQLite cannot reorder columns in place: the table is rebuilt as its documentation describes
 * (foreign keys off, copy, drop, rename, indexes again, in one transaction, so a failure leaves
 * the old table as it was). Row ids and ids are kept, so every reference to an entry still holds;
 * 27 s at a million entries. PostgreSQL stores long values out of line (TOAST) already: nothing
 * to do there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'index' and tbl_name = 'entry' and sql is not null`.execute(db);
  // The server never runs ANALYZE on SQLite (its queries pin their join order), but an operator
  // may have: dropping the table drops its statistics, so they are gathered again below.
  const analyzed =
    (
      await sql<{ n: number }>`select count(*) as n from sqlite_master
        where type = 'table' and name = 'sqlite_stat1'`.execute(db)
    ).rows[0]!.n > 0 &&
    (await sql`select 1 from sqlite_stat1 where tbl = 'entry' limit 1`.execute(db)).rows.length > 0;
  const enforced = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  // Foreign keys cannot be switched inside a transaction; without this, dropping the old table
  // would delete every unread mark, star and read of its entries.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql`create table entry_reordered (
        "id" varchar(20) primary key,
        "feed_id" varchar(20) not null references "feed" ("id") on delete cascade,
        "guid" text not null,
        "title" text,
        "url" text,
        "description" text,
        "author" text,
        "author_url" text,
        "author_avatar" text,
        "language" varchar(35),
        "categories" text not null,
        "media" text not null,
        "attachments" text not null,
        "extra" text,
        "content_hash" varchar(64) not null,
        "published_at" varchar(30) not null,
        "inserted_at" varchar(30) not null,
        "updated_at" varchar(30) not null,
        "content" text,
        constraint "entry_feed_guid" unique ("feed_id", "guid")
      )`.execute(trx);
      const columns = sql.raw(
        `rowid, id, feed_id, guid, title, url, description, author, author_url, author_avatar,
        language, categories, media, attachments, extra, content_hash, published_at, inserted_at,
        updated_at, content`,
      );
      const copy = await sql`insert into entry_reordered (${columns})
        select ${columns} from entry`.execute(trx);
      const copied = Number(copy.numAffectedRows ?? 0);
      const { n: rows } = (await sql<{ n: number }>`select count(*) as n from entry`.execute(trx))
        .rows[0]!;
      if (copied !== rows) throw new Error(`entry rebuild copied ${copied} of ${rows} rows`);
      await sql`drop table entry`.execute(trx);
      await sql`alter table entry_reordered rename to entry`.execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      if (analyzed) await sql`analyze entry`.execute(trx);
    });
  } finally {
    if (enforced.rows[0]?.foreign_keys) await sql`pragma foreign_keys = on`.execute(db);
  }
  // The copy went through the write-ahead log, as large as the table: give that space back now
  // rather than at the last connection's close. The old table's pages stay in the file's free
  // list for the entries to come (`VACUUM` would return them to the disk at once).
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

/** Column order is storage only: the rebuilt table answers every query as before. */
export async function down(): Promise<void> {}
