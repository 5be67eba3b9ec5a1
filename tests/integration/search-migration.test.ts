import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { parseSearchQuery } from "../../contract/search/query.ts";
import { serverMigrations } from "../../migrations/server/index.ts";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { searchEntries } from "../../server/storage/search.ts";
import { createTestPostgres, type TestPostgres } from "../support/postgres.ts";
import { DIALECTS } from "../support/server.ts";

/** Entries stored before search existed are found once migration 0009 has run. */
describe.each(DIALECTS)("search migration on %s", (dialect) => {
  let database: DatabaseHandle;
  let postgres: TestPostgres | undefined;
  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it("indexes the entries already stored", async () => {
    postgres = dialect === "postgres" ? await createTestPostgres() : undefined;
    database = connectDatabase({
      databaseUrl: postgres?.url,
      databasePath: ":memory:",
      databasePoolMax: 1,
    });
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => serverMigrations },
    });
    expect((await migrator.migrateTo("0006_feed_body_hash")).error).toBeUndefined();
    const now = "2026-05-01T00:00:00.000Z";
    await sql`insert into feed (id, url, next_check_at, created_at, updated_at)
      values ('1000000000001', 'https://a.example/feed', ${now}, ${now}, ${now})`.execute(
      database.db,
    );
    await sql`insert into subscription (user_id, feed_id, view, is_private, created_at)
      values ('u1', '1000000000001', 0, 0, ${now})`.execute(database.db);
    for (let i = 0; i < 1203; i++) {
      const id = String(2000000000000 + i);
      const content =
        i === 1202 ? "<p>The <em>quokka</em> smiles. 袋鼠很可爱</p>" : `<p>entry ${i}</p>`;
      await sql`insert into entry (id, feed_id, guid, title, content, categories, media, attachments,
          content_hash, published_at, inserted_at, updated_at)
        values (${id}, '1000000000001', ${`g${i}`}, ${`Title ${i}`}, ${content}, '[]', '[]', '[]', 'h',
          ${now}, ${now}, ${now})`.execute(database.db);
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const count = await database.db
      .selectFrom("entry_search")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1203);
    for (const keyword of ["quokka", "袋鼠", "title:1201"]) {
      const parsed = parseSearchQuery(keyword);
      if (!parsed.ok) throw new Error(parsed.reason);
      const { hits } = await searchEntries(database, "u1", parsed.query, { limit: 5, offset: 0 });
      expect(
        hits.map((h) => h.entries.guid),
        keyword,
      ).toEqual([keyword === "title:1201" ? "g1201" : "g1202"]);
    }
  });
});
