import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StablePlanSqliteDialect } from "./sqlite-dialect.ts";

interface Tables {
  item: {
    id: number;
    feed: string;
    at: string;
    n: number | null;
    s: string | null;
    b: Buffer | null;
  };
}

describe("StablePlanSqliteDialect", () => {
  let sqlite: SQLite.Database;
  let stable: Kysely<Tables>;
  let plain: Kysely<Tables>;

  beforeEach(async () => {
    sqlite = new SQLite(":memory:");
    stable = new Kysely<Tables>({ dialect: new StablePlanSqliteDialect({ database: sqlite }) });
    plain = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
    sqlite.exec(`create table item (id integer primary key, feed text not null, at text not null,
      n integer, s text, b blob);
      create index item_feed_at on item (feed, at desc);
      create index item_at on item (at desc);
      create virtual table item_fts using fts5 (s);`);
    for (let i = 1; i <= 50; i++) {
      await stable
        .insertInto("item")
        .values({
          id: i,
          feed: `f${i % 5}`,
          at: `2026-01-${String(i % 28).padStart(2, "0")}`,
          n: i,
          s: `word${i}`,
          b: Buffer.from([i]),
        })
        .execute();
    }
    sqlite.exec("insert into item_fts (rowid, s) select id, s from item");
  });
  afterEach(() => sqlite.close());

  it("writes every bound value as +? (never a bare parameter the planner could peek at)", () => {
    const { sql: text, parameters } = stable
      .selectFrom("item")
      .select("id")
      .where("feed", "=", "f1")
      .where("id", "in", [1, 2, 3])
      .limit(5)
      .compile();
    expect(parameters).toEqual(["f1", 1, 2, 3, 5]);
    expect(text.match(/\+\?/g)).toHaveLength(5);
    expect(text.replaceAll("+?", "")).not.toContain("?");
  });

  it("answers as bare parameters do: affinity, types, IN lists, LIMIT/OFFSET, LIKE, FTS5 MATCH", async () => {
    const both = async (build: (db: Kysely<Tables>) => Promise<unknown>) => {
      const [a, b] = [await build(stable), await build(plain)];
      expect(a).toEqual(b);
      return a;
    };
    // A text value against an integer column converts as with `?` (the column's affinity).
    expect(
      await both((db) =>
        db
          .selectFrom("item")
          .select("id")
          .where("n", "=", "7" as never)
          .execute(),
      ),
    ).toEqual([{ id: 7 }]);
    expect(
      await both((db) =>
        db
          .selectFrom("item")
          .selectAll()
          .where("b", "=", Buffer.from([9]))
          .execute(),
      ),
    ).toEqual([{ id: 9, feed: "f4", at: "2026-01-09", n: 9, s: "word9", b: Buffer.from([9]) }]);
    await both((db) =>
      db.selectFrom("item").select("id").where("id", "in", [3, 4, 99]).orderBy("id").execute(),
    );
    expect(
      await both((db) =>
        db.selectFrom("item").select("id").orderBy("id").limit(3).offset(10).execute(),
      ),
    ).toEqual([{ id: 11 }, { id: 12 }, { id: 13 }]);
    await both((db) => db.selectFrom("item").select("id").where("s", "like", "word1%").execute());
    expect(
      await both(
        async (db) =>
          (
            await sql<{
              rowid: number;
            }>`select rowid from item_fts where item_fts match ${"word42"}`.execute(db)
          ).rows,
      ),
    ).toEqual([{ rowid: 42 }]);
    // Values come back with the types they went in with.
    const row = await stable
      .selectFrom("item")
      .select([
        sql<unknown>`${null}`.as("nothing"),
        sql<unknown>`${2.5}`.as("real"),
        sql<unknown>`${"x"}`.as("text"),
      ])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ nothing: null, real: 2.5, text: "x" });
  });

  it("keeps the plans: an equality on +? still drives its index", () => {
    const plan = (text: string) =>
      (sqlite.prepare(`explain query plan ${text}`).all("f1") as Array<{ detail: string }>).map(
        (r) => r.detail,
      );
    const query = "select id from item where feed = ? order by at desc limit 5";
    expect(plan(query.replace("?", "+?"))).toEqual(plan(query));
    expect(plan(query.replace("?", "+?")).join()).toMatch(
      /USING (COVERING )?INDEX item_feed_at \(feed=\?\)/,
    );
  });
});
