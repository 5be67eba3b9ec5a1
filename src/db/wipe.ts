import type { SqliteConnection } from "./sqlite.ts";

/**
 * Empties the database in place: drops every table, view and trigger, then VACUUMs the file
 * down to nothing. Unlike deleting the file this is safe while other tabs keep their own
 * connections open; they see the schema change on their next statement.
 */
export async function dropAllObjects(connection: SqliteConnection): Promise<void> {
  const { rows } = await connection.run(
    "SELECT type, name, sql FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
  );
  // Virtual tables first: dropping one also drops its shadow tables.
  const ordered = [...rows].sort((a, b) => rank(a) - rank(b));
  const hasSequence = await connection.run(
    "SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_sequence'",
  );
  await connection.run("BEGIN IMMEDIATE");
  try {
    for (const row of ordered) {
      const name = String(row.name);
      const exists = await connection.run("SELECT 1 FROM sqlite_schema WHERE name = ?", [name]);
      if (exists.rows.length === 0) continue;
      await connection.run(`DROP ${row.type === "view" ? "VIEW" : "TABLE"} ${quoteName(name)}`);
    }
    if (hasSequence.rows.length > 0) await connection.run("DELETE FROM sqlite_sequence");
    await connection.run("COMMIT");
  } catch (error) {
    if (connection.inTransaction) await connection.run("ROLLBACK").catch(() => undefined);
    throw error;
  }
  await connection.run("VACUUM");
}

function rank(row: Record<string, unknown>): number {
  if (String(row.sql ?? "").startsWith("CREATE VIRTUAL")) return 0;
  return row.type === "view" ? 1 : 2;
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
