import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchQuery } from "../../contract/search/query.ts";
import { fieldConditions } from "../../server/storage/search.ts";
import { migratedDatabase, type TemporaryDatabase } from "../support/migrated-database.ts";

function query(text: string) {
  const parsed = parseSearchQuery(text);
  if (!parsed.ok) throw new Error(`not a query: ${text}`);
  return parsed.query;
}

/**
 * The title: and author: conditions must be written exactly as migration 0043 indexed them
 * (`ts_filter(document, '{a}')`): any other spelling still answers right, through the
 * document's index and a check of each row, and only a plan shows the difference.
 */
describe("title: and author: words on PostgreSQL", () => {
  let temporary: TemporaryDatabase;
  beforeAll(async () => {
    temporary = await migratedDatabase("postgres", "search-field-index");
  });
  afterAll(async () => {
    await temporary?.dispose();
  });

  it.each([
    ["title:bread", "entry_search_title"],
    ['title:"winter soup"', "entry_search_title"],
    ["author:grace", "entry_search_author"],
  ])("%s can be answered from %s", async (text, index) => {
    const plan = await temporary.database.db.connection().execute(async (db) => {
      // Only the field's index can then serve the condition without a penalty.
      await sql`set enable_seqscan = off`.execute(db);
      try {
        const { rows } = await sql<{ "QUERY PLAN": string }>`
          explain select s.entry_id from entry_search s where true${fieldConditions(query(text))}`.execute(
          db,
        );
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      } finally {
        await sql`reset enable_seqscan`.execute(db);
      }
    });
    expect(plan).toContain(index);
    expect(plan).not.toContain("Seq Scan");
  });

  it("adds nothing for words of no field or excluded ones", () => {
    const compiled = fieldConditions(query("bread -title:roses")).compile(temporary.database.db);
    expect(compiled.sql).toBe("");
  });
});
