import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openMemoryDatabase } from "./node.ts";
import { runStatements } from "./statements.ts";
import type { LocalDatabase } from "./types.ts";
import { upsertRows } from "./upsert-rows.ts";

describe("upsertRows", () => {
  let db: LocalDatabase;
  beforeEach(async () => {
    db = await openMemoryDatabase();
  });
  afterEach(() => db.close());

  const feed = (id: string, title: string) => ({ id, url: `https://${id}.test/feed`, title });

  it("inserts new rows and updates stored ones, keeping the columns asked for", async () => {
    await runStatements(db, upsertRows("feeds", [feed("a", "A"), feed("b", "B")], ["id"]));
    const statements = upsertRows(
      "feeds",
      [feed("a", "A2"), { ...feed("b", "B2"), url: "https://b.test/new" }],
      ["id"],
      ["title"],
    );
    expect(statements[0]?.sql).toBe(statements[1]?.sql);
    expect(statements[0]?.writes).toBe("feeds");
    await runStatements(db, statements);
    expect(await db.query("SELECT id, url, title FROM feeds ORDER BY id")).toEqual([
      { id: "a", url: "https://a.test/feed", title: "A" },
      { id: "b", url: "https://b.test/new", title: "B" },
    ]);
  });

  it("leaves a stored row as it is when every column is key or kept", async () => {
    await runStatements(
      db,
      upsertRows("unread", [{ subscription_id: "a", count: 3 }], ["subscription_id"]),
    );
    await runStatements(
      db,
      upsertRows("unread", [{ subscription_id: "a", count: 9 }], ["subscription_id"], ["count"]),
    );
    expect(await db.query("SELECT count FROM unread")).toEqual([{ count: 3 }]);
  });
});
