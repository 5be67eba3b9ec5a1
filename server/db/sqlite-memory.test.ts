import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase, SQLITE_CACHE_KIB, SQLITE_MMAP_BYTES } from "./connect.ts";

const MB = 1024 * 1024;

/**
 * Memory-mapped pages a query touched count in the server's RSS: with a window the size of the
 * file, RSS followed the database (731 MB of a 949 MB peak at 5,000 feeds was the mapped file).
 */
describe("SQLite memory settings", () => {
  const dir = mkdtempSync(join(tmpdir(), "follow-sqlite-memory-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("bounds the mapped window and the page cache, whatever the file's size", () => {
    expect(SQLITE_MMAP_BYTES).toBeLessThanOrEqual(64 * MB);
    expect(SQLITE_CACHE_KIB * 1024).toBeLessThanOrEqual(32 * MB);
  });

  it("applies them to every connection it opens", async () => {
    const database = connectDatabase({ databasePath: join(dir, "follow.sqlite") });
    try {
      const pragma = async (name: string) => {
        const { rows } = await sql
          .raw<Record<string, number>>(`pragma ${name}`)
          .execute(database.db);
        return Object.values(rows[0] ?? {})[0];
      };
      expect(await pragma("mmap_size")).toBe(SQLITE_MMAP_BYTES);
      expect(await pragma("cache_size")).toBe(-SQLITE_CACHE_KIB);
      expect(await pragma("journal_mode")).toBe("wal");
    } finally {
      await database.close();
    }
  });

  it("lets the page cache go after a burst of work, and reads on as before", async () => {
    const database = connectDatabase({ databasePath: join(dir, "release.sqlite") });
    try {
      await sql`create table t (id integer primary key, body text)`.execute(database.db);
      await sql`insert into t (body) with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000) select hex(randomblob(1000)) from n`.execute(
        database.db,
      );
      const count = () => sql<{ n: number }>`select count(*) as n from t`.execute(database.db);
      expect((await count()).rows[0]!.n).toBe(3000);
      expect(database.releaseCaches).toBeTypeOf("function");
      database.releaseCaches!();
      expect((await count()).rows[0]!.n).toBe(3000);
    } finally {
      await database.close();
    }
  });
});
