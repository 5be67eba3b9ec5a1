import { afterEach, describe, expect, it, vi } from "vitest";
import { executeBatch } from "./batch.ts";
import { EXPORT_CHUNK_SIZE } from "./export.ts";
import { local, statement } from "./local-sql.ts";
import { openMemoryDatabase } from "./node.ts";
import { runStatements } from "./statements.ts";
import type { LocalDatabase } from "./types.ts";

const FEED = "INSERT INTO feeds (id, url) VALUES (?, ?)";

function recordChanges(db: LocalDatabase) {
  const seen: string[][] = [];
  db.changes$.subscribe((tables) => seen.push([...tables].sort()));
  return seen;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("query and execute (a failing query is logged and yields no rows)", () => {
  it("query logs a failing statement with its SQL and returns no rows", async () => {
    const db = await openMemoryDatabase();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await db.query("SELECT nope FROM feeds")).toEqual([]);
    expect(error).toHaveBeenCalledWith("SQL failed:", "SELECT nope FROM feeds", expect.any(Error));
    await db.close();
  });

  it("execute throws, and reports the rows it changed", async () => {
    const db = await openMemoryDatabase();
    await expect(db.execute("SELECT nope FROM feeds")).rejects.toThrow(/no such column/);
    expect((await db.execute(FEED, ["f1", "https://a"])).changes).toBe(1);
    await db.execute(FEED, ["f2", "https://b"]);
    expect((await db.execute("UPDATE feeds SET title = 't'")).changes).toBe(2);
    await expect(db.execute(FEED, ["f3"])).rejects.toThrow(/2 parameter/);
    await db.close();
  });

  it("round-trips large integers, reals, text, blobs and nulls", async () => {
    const db = await openMemoryDatabase();
    const blob = new Uint8Array([0, 1, 2, 255]);
    const [row] = await db.query(
      "SELECT ? AS big, typeof(?) AS kind, ? AS real, ? AS text, ? AS blob, ? AS none",
      [1712546615000, 1712546615000, 0.5, "héllo ✓ 𝄞", blob, null],
    );
    expect(row).toEqual({
      big: 1712546615000,
      kind: "integer",
      real: 0.5,
      text: "héllo ✓ 𝄞",
      blob,
      none: null,
    });
    const [huge] = await db.query("SELECT 9223372036854775807 AS n");
    expect(huge?.n).toBe("9223372036854775807");
    await db.close();
  });

  it("runs a script of several statements", async () => {
    const db = await openMemoryDatabase();
    const result = await db.execute(
      "CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2); SELECT sum(n) AS s FROM t",
    );
    expect(result.rows).toEqual([{ s: 3 }]);
    await db.close();
  });
});

describe("transaction", () => {
  it("commits, then notifies the declared and the written tables once", async () => {
    const db = await openMemoryDatabase();
    const seen = recordChanges(db);
    const result = await db.transaction(["unread"], async (tx) => {
      await tx.execute(FEED, ["f1", "https://a"]);
      await tx.execute(FEED, ["f2", "https://b"]);
      expect(seen).toEqual([]);
      return "done";
    });
    expect(result).toBe("done");
    expect(seen).toEqual([["feeds", "unread"]]);
    expect(await db.query("SELECT id FROM feeds ORDER BY id")).toEqual([
      { id: "f1" },
      { id: "f2" },
    ]);
    await db.close();
  });

  it("notifies the table a built statement writes, even a delete of every row", async () => {
    const db = await openMemoryDatabase();
    await db.execute(
      "INSERT INTO saved_searches (id, name, keyword, created_at) VALUES ('s', 'n', 'k', 't')",
    );
    const seen = recordChanges(db);
    await db.transaction([], (tx) =>
      runStatements(tx, [statement(local.deleteFrom("saved_searches"))]),
    );
    expect(seen).toEqual([["saved_searches"]]);
    await db.close();
  });

  it("rolls back when the work throws, and notifies nobody", async () => {
    const db = await openMemoryDatabase();
    const seen = recordChanges(db);
    await expect(
      db.transaction(["feeds"], async (tx) => {
        await tx.execute(FEED, ["f1", "https://a"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await db.query("SELECT * FROM feeds")).toEqual([]);
    expect(seen).toEqual([]);
    await db.close();
  });

  it("serialises writers: a second transaction starts after the first commits", async () => {
    const db = await openMemoryDatabase();
    const order: string[] = [];
    await Promise.all([
      db.transaction(["feeds"], async (tx) => {
        order.push("a:start");
        await tx.execute(FEED, ["a", "https://a"]);
        await sleep(20);
        order.push("a:end");
      }),
      db.transaction(["feeds"], async (tx) => {
        order.push("b:start");
        await tx.execute(FEED, ["b", "https://b"]);
        order.push("b:end");
      }),
    ]);
    expect(order).toEqual(["a:start", "a:end", "b:start", "b:end"]);
    await db.close();
  });

  it("keeps statements outside the transaction out of it until it ends", async () => {
    const db = await openMemoryDatabase();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = db.transaction(["feeds"], async (runner) => {
      await runner.execute(FEED, ["inside", "https://a"]);
      await held;
    });
    await sleep(5);
    const outside = db.query("SELECT id FROM feeds");
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await sleep(20);
    expect(answered).toBe(false);
    release();
    await tx;
    expect(await outside).toEqual([{ id: "inside" }]);
    await db.close();
  });

  it("lets the work run statements in parallel on its runner", async () => {
    const db = await openMemoryDatabase();
    await db.transaction(["feeds"], (tx) =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) => tx.execute(FEED, [`f${i}`, `https://${i}`])),
      ),
    );
    expect(await db.query("SELECT count(*) AS n FROM feeds")).toEqual([{ n: 50 }]);
    await db.close();
  });

  it("refuses a runner used after its transaction ended", async () => {
    const db = await openMemoryDatabase();
    let leaked: Parameters<Parameters<LocalDatabase["transaction"]>[1]>[0] | undefined;
    await db.transaction([], async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.execute("SELECT 1")).rejects.toThrow(/already finished/);
    await db.close();
  });
});

describe("executeBatch", () => {
  it("runs statements in order on a transaction's runner, and a failure rolls all back", async () => {
    const db = await openMemoryDatabase();
    const results = await db.transaction(["feeds"], (tx) =>
      executeBatch(tx, [
        { sql: FEED, params: ["f1", "https://a"] },
        { sql: FEED, params: ["f2", "https://b"] },
        { sql: "SELECT count(*) AS n FROM feeds" },
      ]),
    );
    expect(results.map((r) => r.changes)).toEqual([1, 1, 0]);
    expect(results[2]?.rows).toEqual([{ n: 2 }]);

    await expect(
      db.transaction(["feeds"], (tx) =>
        executeBatch(tx, [
          { sql: FEED, params: ["f3", "https://c"] },
          { sql: FEED, params: ["f1", "https://dup"] },
          { sql: FEED, params: ["f4", "https://d"] },
        ]),
      ),
    ).rejects.toThrow(/UNIQUE/);
    expect(await db.query("SELECT id FROM feeds ORDER BY id")).toEqual([
      { id: "f1" },
      { id: "f2" },
    ]);
    await db.close();
  });

  it("falls back to one statement at a time on a runner without batches", async () => {
    const db = await openMemoryDatabase();
    const plain = { query: db.query, execute: db.execute };
    const results = await executeBatch(plain, [{ sql: FEED, params: ["f1", "https://a"] }]);
    expect(results).toEqual([{ rows: [], changes: 1 }]);
    await db.close();
  });
});

describe("changes$", () => {
  it("reports writes outside transactions, including whole-table deletes", async () => {
    const db = await openMemoryDatabase();
    const seen = recordChanges(db);
    await db.execute(FEED, ["f1", "https://a"]);
    await db.query("SELECT * FROM feeds");
    await db.execute("UPDATE entries SET read = 1");
    await db.execute("DELETE FROM feeds");
    expect(seen).toEqual([["feeds"], ["feeds"]]);
    await db.close();
  });
});

describe("exportFile", () => {
  it("streams the database file in 65,536-byte chunks", async () => {
    const db = await openMemoryDatabase();
    await db.transaction(["entries"], async (tx) => {
      for (let i = 0; i < 500; i++) {
        await tx.execute(
          "INSERT INTO entries (id, guid, inserted_at, published_at, content) VALUES (?, ?, '', '', ?)",
          [`e${i}`, `g${i}`, "x".repeat(400)],
        );
      }
    });
    const chunks: Uint8Array[] = [];
    for await (const chunk of db.exportFile()) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.byteLength).toBe(EXPORT_CHUNK_SIZE);
    expect(chunks.at(-1)!.byteLength).toBeLessThanOrEqual(EXPORT_CHUNK_SIZE);
    expect(new TextDecoder().decode(chunks[0]!.subarray(0, 16))).toBe("SQLite format 3\0");
    await db.close();
  });
});

describe("reset and close", () => {
  it("reset empties the database, migrates it again and notifies every table", async () => {
    const db = await openMemoryDatabase();
    await db.execute(FEED, ["f1", "https://a"]);
    const seen = recordChanges(db);
    await db.reset();
    expect(await db.query("SELECT * FROM feeds")).toEqual([]);
    expect(db.migration.applied.length).toBeGreaterThan(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual(expect.arrayContaining(["feeds", "entries", "outbox"]));
    await db.execute(FEED, ["f2", "https://b"]);
    await db.close();
  });

  it("after close, execute throws and query logs and returns nothing", async () => {
    const db = await openMemoryDatabase();
    let completed = false;
    db.changes$.subscribe({ complete: () => (completed = true) });
    await db.close();
    expect(completed).toBe(true);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(db.execute("SELECT 1")).rejects.toThrow(/closing/);
    expect(await db.query("SELECT 1")).toEqual([]);
  });

  it("opens many independent databases in one process, each with its own changes", async () => {
    const dbs = await Promise.all(Array.from({ length: 12 }, () => openMemoryDatabase()));
    const seen = dbs.map(recordChanges);
    await Promise.all(dbs.map((db, i) => db.execute(FEED, [`only-${i}`, "https://x"])));
    await dbs[3]!.execute("INSERT INTO meta (key, value) VALUES ('k', 'v')");
    for (const [i, db] of dbs.entries()) {
      expect(await db.query("SELECT id FROM feeds")).toEqual([{ id: `only-${i}` }]);
      expect(seen[i]).toEqual(i === 3 ? [["feeds"], ["meta"]] : [["feeds"]]);
    }
    await Promise.all(dbs.map((db) => db.close()));
  });
});
