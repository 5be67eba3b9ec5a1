import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openMemoryDatabase, placeMemoryDatabaseFile } from "../../db/node.ts";
import { runStatements } from "../../db/statements.ts";
import type { SqlRunner } from "../../db/types.ts";
import { pendingEvents } from "../../sync/outbox.ts";
import { materialize, tablesWritten } from "./index.ts";

// A follow.db written by the build before events had Schemas and versions (commit 8963f26):
// every event shape of that build sits in its log as pending (then again, without the deleting
// ones, so rows remain), each with the rows it materialized.
const OLD_LOG = new URL("../../../tests/fixtures/follow-db/written-by-8963f26.db", import.meta.url);

async function contents(db: SqlRunner, tables: readonly string[]) {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) rows[table] = await db.query(`SELECT * FROM ${table} ORDER BY 1`);
  return rows;
}

describe("a log written by an older build", () => {
  it("replays: every pending event decodes with today's Schemas and materializes again", async () => {
    await placeMemoryDatabaseFile("old-log", readFileSync(OLD_LOG));
    const db = await openMemoryDatabase({ name: "old-log" });
    try {
      const stored = await db.query<{ name: string }>("SELECT name FROM events ORDER BY seq");
      const replayed = await pendingEvents(db);
      expect(stored.length).toBe(47);
      expect(replayed.map((logged) => logged.event.name)).toEqual(stored.map((row) => row.name));
      // Today's materializers rebuild exactly the rows the older build left.
      const tables = tablesWritten(replayed.map((logged) => logged.event));
      expect(tables).toEqual(expect.arrayContaining(["lists", "subscriptions", "collections"]));
      const before = await contents(db, tables);
      await db.transaction(tables, async (tx) => {
        for (const table of tables) await tx.execute(`DELETE FROM ${table}`);
        for (const { event } of replayed) await runStatements(tx, materialize(event));
      });
      expect(await contents(db, tables)).toEqual(before);
      expect(Object.values(before).some((rows) => rows.length > 0)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
