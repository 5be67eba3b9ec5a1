import Database from "better-sqlite3";
import { executeBatch } from "../src/db/batch.ts";
import { openMemoryDatabase } from "../src/db/node.ts";
import { ratio, round, type Table } from "./support/table.ts";

export interface LocalDbFigures {
  rows: number;
  /** Median ms for `rows` inserts in one transaction, per way of sending them. */
  oneByOneMs: number;
  batchMs: number;
  /** One INSERT ... SELECT over a recursive CTE: SQLite's own cost, no per-row JS. */
  singleStatementMs: number;
  /** better-sqlite3 (native SQLite) in memory, one prepared statement: the baseline. */
  nativeMs: number;
}

const INSERT =
  "INSERT INTO entries (id, guid, feed_id, title, inserted_at, published_at, read) VALUES (?, ?, ?, ?, ?, ?, 0)";
const CTE = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
  INSERT INTO entries (id, guid, feed_id, title, inserted_at, published_at, read)
  SELECT ? || i, 'guid-' || i, 'feed-' || (i % 50), 'Entry title ' || i, ?, ?, 0 FROM n`;

function row(prefix: string, i: number, at: string) {
  return [`${prefix}${i}`, `guid-${i}`, `feed-${i % 50}`, `Entry title ${i}`, at, at];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * Inserts of `rows` entries in one transaction on the local database (wa-sqlite, MemoryVFS,
 * the app's schema) in Node, three ways, against native SQLite doing the same in the same
 * run. Rounds are interleaved after one warm-up, so the shared machine's noise falls on all
 * of them alike; each figure is the median round.
 */
export async function benchLocalDb(rows = 10_000, rounds = 3): Promise<LocalDbFigures> {
  const db = await openMemoryDatabase();
  const native = new Database(":memory:");
  native.exec(
    "CREATE TABLE entries (id TEXT PRIMARY KEY, guid TEXT NOT NULL, feed_id TEXT, title TEXT, inserted_at TEXT NOT NULL, published_at TEXT NOT NULL, read INTEGER)",
  );
  const nativeInsert = native.prepare(INSERT);
  const times = {
    oneByOne: [] as number[],
    batch: [] as number[],
    cte: [] as number[],
    native: [] as number[],
  };
  const at = new Date().toISOString();
  try {
    for (let r = 0; r <= rounds; r++) {
      const sample = {
        oneByOne: await timed(() =>
          db.transaction(["entries"], async (tx) => {
            for (let i = 0; i < rows; i++) await tx.execute(INSERT, row(`a${r}-`, i, at));
          }),
        ),
        batch: await timed(() =>
          db.transaction(["entries"], (tx) =>
            executeBatch(
              tx,
              Array.from({ length: rows }, (_, i) => ({
                sql: INSERT,
                params: row(`b${r}-`, i, at),
              })),
            ),
          ),
        ),
        cte: await timed(() => db.execute(CTE, [rows, `c${r}-`, at, at])),
        native: await timed(() =>
          native.transaction(() => {
            for (let i = 0; i < rows; i++) nativeInsert.run(...row(`n${r}-`, i, at));
          })(),
        ),
      };
      if (r === 0) continue; // warm-up
      times.oneByOne.push(sample.oneByOne);
      times.batch.push(sample.batch);
      times.cte.push(sample.cte);
      times.native.push(sample.native);
    }
  } finally {
    await db.close();
    native.close();
  }
  return {
    rows,
    oneByOneMs: median(times.oneByOne),
    batchMs: median(times.batch),
    singleStatementMs: median(times.cte),
    nativeMs: median(times.native),
  };
}

export function localDbTable(figures: LocalDbFigures): Table {
  const line = (name: string, ms: number) => [
    name,
    round(ms),
    Math.round((figures.rows / ms) * 1000),
    ratio(ms, figures.nativeMs),
  ];
  return {
    title: `Local database: ${figures.rows.toLocaleString("en")} inserts in one transaction (wa-sqlite MemoryVFS, Node)`,
    headers: ["way", "ms", "inserts/s", "time vs native"],
    rows: [
      line("tx.execute, one by one", figures.oneByOneMs),
      line("executeBatch", figures.batchMs),
      line("one INSERT ... SELECT", figures.singleStatementMs),
      line("baseline: better-sqlite3", figures.nativeMs),
    ],
    notes: [
      "In the browser each statement is also a worker message (~0.3 ms): batch bulk writes there.",
    ],
  };
}
