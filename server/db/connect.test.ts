import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./connect.ts";

describe("withStatementCache", () => {
  let sqlite: SQLite.Database;
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  function open() {
    sqlite = new SQLite(":memory:");
    sqlite.exec("create table t (n integer)");
    sqlite.exec("insert into t values (1), (2), (3)");
    return sqlite;
  }

  it("reuses one statement per SQL text", () => {
    const db = withStatementCache(open());
    const first = db.prepare("select n from t where n > ?");
    expect(db.prepare("select n from t where n > ?")).toBe(first);
    expect(first.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(db.prepare("select n from t where n > ?").all([2])).toEqual([{ n: 3 }]);
    expect(db.prepare("select n from t")).not.toBe(first);
  });

  it("gives a fresh statement while the cached one is iterating", () => {
    const db = withStatementCache(open());
    const seen: number[] = [];
    for (const row of db.prepare("select n from t").iterate([]) as Iterable<{ n: number }>) {
      seen.push(
        row.n,
        ...db
          .prepare("select n from t")
          .all([])
          .map((r) => (r as { n: number }).n),
      );
    }
    expect(seen).toEqual([1, 1, 2, 3, 2, 1, 2, 3, 3, 1, 2, 3]);
  });

  it("keeps at most `size` statements, least recently used out first", () => {
    const db = withStatementCache(open(), 2);
    const a = db.prepare("select 1");
    const b = db.prepare("select 2");
    expect(db.prepare("select 1")).toBe(a);
    db.prepare("select 3"); // evicts "select 2"
    expect(db.prepare("select 1")).toBe(a);
    expect(db.prepare("select 2")).not.toBe(b);
  });

  it("sees schema changes made after a statement was cached", () => {
    const db = withStatementCache(open());
    expect(db.prepare("select * from t limit 1").all([])).toEqual([{ n: 1 }]);
    sqlite.exec("alter table t add column m integer default 7");
    expect(db.prepare("select * from t limit 1").all([])).toEqual([{ n: 1, m: 7 }]);
  });
});
