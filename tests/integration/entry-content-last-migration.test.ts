import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { serverMigrations } from "../../migrations/server/index.ts";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { listEntries } from "../../server/storage/entry-queries.ts";

const NOW = "2026-05-01T00:00:00.000Z";
const FEED = "1000000000001";
const USER = "u1";

/**
 * SQLite rebuilds `entry` with the full content last (migration 0044): every entry, every
 * reference to it and every index survive, and the references still cascade.
 */
describe("entry content moved to the end of the row (SQLite)", () => {
  let database: DatabaseHandle;
  afterAll(() => database?.close());

  it("keeps entries, row ids, indexes and what refers to them, with foreign keys on again", async () => {
    database = connectDatabase({ databasePath: ":memory:", databasePoolMax: 1 });
    const db = database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => serverMigrations },
    });
    expect((await migrator.migrateTo("0043_search_field_indexes")).error).toBeUndefined();
    await sql`insert into feed (id, url, next_check_at, created_at, updated_at)
      values (${FEED}, 'https://a.example/feed', ${NOW}, ${NOW}, ${NOW})`.execute(db);
    await sql`insert into subscription (user_id, feed_id, view, is_private, created_at)
      values (${USER}, ${FEED}, 0, 0, ${NOW})`.execute(db);
    const long = `<p>${"A long article that spills over many pages. ".repeat(1200)}</p>`;
    for (let i = 0; i < 30; i++) {
      const id = String(2000000000000 + i);
      const published = new Date(Date.parse(NOW) - i * 60_000).toISOString();
      await sql`insert into entry (id, feed_id, guid, title, url, content, description, author,
          categories, media, attachments, extra, content_hash, published_at, inserted_at, updated_at)
        values (${id}, ${FEED}, ${`g${i}`}, ${`Title ${i}`}, ${`https://a.example/${i}`},
          ${i % 2 === 0 ? long : `<p>short ${i}</p>`}, ${`Description ${i}`}, 'Ada', '["news"]',
          '[{"type":"photo","url":"https://a.example/p.jpg"}]', '[]', null, ${`h${i}`},
          ${published}, ${NOW}, ${NOW})`.execute(db);
      if (i % 3 === 0) {
        await sql`insert into unread (user_id, entry_id, feed_id, published_at)
          values (${USER}, ${id}, ${FEED}, ${published})`.execute(db);
      }
    }
    await sql`insert into collection (user_id, entry_id, feed_id, view, created_at)
      values (${USER}, '2000000000004', ${FEED}, 0, ${NOW})`.execute(db);
    await sql`insert into read_history (entry_id, user_id, read_at)
      values ('2000000000001', ${USER}, ${NOW})`.execute(db);
    await sql`insert into entry_search (entry_id, feed_id, published_at, title, body, author, url)
      values ('2000000000002', ${FEED}, ${NOW}, 'Title 2', 'wombats dig burrows', 'Ada',
        'https://a.example/2')`.execute(db);

    const entries = () =>
      sql<Record<string, unknown>>`select rowid as row_id, * from entry order by id`.execute(db);
    const indexes = async () =>
      (
        await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'entry' order by name`.execute(db)
      ).rows.map((row) => row.name);
    // The table's definition as SQLite sees it: columns by name (not position), its foreign
    // keys, and each index's columns, order and uniqueness.
    const definition = async () => {
      const columns = await sql<Record<string, unknown>>`pragma table_info(entry)`.execute(db);
      const references = await sql`pragma foreign_key_list(entry)`.execute(db);
      const indexList = await sql<{ name: string }>`pragma index_list(entry)`.execute(db);
      const indexColumns = [];
      for (const { name } of indexList.rows) {
        indexColumns.push({
          name,
          columns: (
            await sql.raw<Record<string, unknown>>(`pragma index_xinfo("${name}")`).execute(db)
          ).rows.map(({ cid: _position, ...column }) => column),
        });
      }
      return {
        columns: columns.rows
          .map(({ cid: _position, ...column }) => column)
          .sort((a, b) => String(a.name).localeCompare(String(b.name))),
        references: references.rows,
        indexes: indexList.rows.sort((a, b) => a.name.localeCompare(b.name)),
        indexColumns: indexColumns.sort((a, b) => a.name.localeCompare(b.name)),
      };
    };
    // Statistics an operator gathered are gathered again for the new table.
    await sql`analyze`.execute(db);
    const statistics = async () =>
      (
        await sql<{
          idx: string;
        }>`select idx from sqlite_stat1 where tbl = 'entry' order by idx`.execute(db)
      ).rows.map((row) => row.idx);
    const statisticsBefore = await statistics();
    expect(statisticsBefore.length).toBeGreaterThan(0);
    const before = (await entries()).rows;
    const indexesBefore = await indexes();
    const definitionBefore = await definition();
    const pageBefore = await listEntries(database, USER, { view: 0, limit: 20 });

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const columns = await sql<{ name: string }>`pragma table_info(entry)`.execute(db);
    expect(columns.rows.at(-1)?.name).toBe("content");
    expect(columns.rows).toHaveLength(19);
    // Same rows, same row ids, column for column (compared by name, not position).
    expect((await entries()).rows).toEqual(before);
    expect(await indexes()).toEqual(indexesBefore);
    expect(await definition()).toEqual(definitionBefore);
    expect(await statistics()).toEqual(statisticsBefore);
    const found = await sql<{ entry_id: string }>`select s.entry_id from entry_fts
      join entry_search s on s.id = entry_fts.rowid where entry_fts match 'wombats'`.execute(db);
    expect(found.rows).toEqual([{ entry_id: "2000000000002" }]);
    expect(await listEntries(database, USER, { view: 0, limit: 20 })).toEqual(pageBefore);

    const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
    const count = async (table: string) =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db))
          .rows[0]!.n,
      );
    expect([await count("unread"), await count("collection"), await count("read_history")]).toEqual(
      [10, 1, 1],
    );
    // References point at the rebuilt table: deleting entries still takes their marks along.
    await sql`delete from entry where id in ('2000000000000', '2000000000004', '2000000000001')`.execute(
      db,
    );
    expect([await count("unread"), await count("collection"), await count("read_history")]).toEqual(
      [9, 0, 0],
    );
    expect(await count("entry_search")).toBe(1);
    await sql`delete from entry where id = '2000000000002'`.execute(db);
    expect(await count("entry_search")).toBe(0);
    // The entries still go with their feed.
    await sql`delete from feed where id = ${FEED}`.execute(db);
    expect(await count("entry")).toBe(0);
    // And a mark cannot point at an entry that does not exist.
    await expect(
      sql`insert into unread (user_id, entry_id, feed_id, published_at)
        values (${USER}, '9999999999999', ${FEED}, ${NOW})`.execute(db),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});
