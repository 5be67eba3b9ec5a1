import { describe, expect, it } from "vitest";
import type { AnyLocalTable } from "../../contract/entities/local-table.ts";
import { LOCAL_TABLES } from "./local-tables.ts";
import { openMemoryDatabase } from "./node.ts";
import type { SqlRunner } from "./types.ts";

interface ColumnInfo extends Record<string, string | number | null> {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/** What SQLite reports of a table: columns (in order) and indexes with their columns. */
async function shape(db: SqlRunner, table: string) {
  const columns = await db.query<ColumnInfo>(`PRAGMA table_info(${table})`);
  const indexes = await db.query<{ name: string; unique: number; origin: string }>(
    `PRAGMA index_list(${table})`,
  );
  const named = await Promise.all(
    indexes
      .filter((index) => index.origin === "c")
      .map(async (index) => {
        const parts = await db.query<{ name: string; desc: number }>(
          `PRAGMA index_xinfo(${index.name})`,
        );
        const on = parts
          .filter((p) => p.name !== null)
          .map((p) => (p.desc ? `${p.name} DESC` : p.name));
        return `${index.unique ? "unique " : ""}${index.name} (${on.join(", ")})`;
      }),
  );
  const uniques = indexes.filter((index) => index.origin === "u").length;
  return {
    // A TEXT PRIMARY KEY accepts NULL unless it says NOT NULL; declarations treat keys as set.
    columns: columns.map(
      (c) =>
        `${c.name} ${c.type}${c.notnull || c.pk ? " NOT NULL" : ""}${c.pk ? ` PK${c.pk}` : ""}${c.dflt_value === null ? "" : ` DEFAULT ${c.dflt_value}`}`,
    ),
    indexes: named.sort(),
    uniques,
  };
}

async function declaredShape(table: AnyLocalTable) {
  const db = await openMemoryDatabase({
    migrations: [{ version: 0, name: "declared", up: table.ddl() }],
  });
  try {
    return await shape(db, table.name);
  } finally {
    await db.close();
  }
}

describe("declared local tables", () => {
  it("are exactly what the client migrations create", async () => {
    const db = await openMemoryDatabase();
    try {
      for (const table of LOCAL_TABLES) {
        expect(await shape(db, table.name), table.name).toEqual(await declaredShape(table));
      }
    } finally {
      await db.close();
    }
  });
});
