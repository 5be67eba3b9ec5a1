import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { migrateTarget } from "../scripts/db-copy-sides.ts";
import { createTestPostgres } from "../tests/support/postgres.ts";
import { seedEntries } from "./support/seed-entries.ts";
import { round, type Table } from "./support/table.ts";

export interface DbCopyFigures {
  entries: number;
  rows: number;
  sourceMb: number;
  seedSeconds: number;
  copySeconds: number;
  verifySeconds: number;
  totalSeconds: number;
  peakRssMb: number;
  target: string;
  exitCode: number;
}

const ROOT = join(import.meta.dirname, "..");

/**
 * `npm run db:copy` of a SQLite installation of BENCH_DB_COPY_ENTRIES entries (default
 * 1,000,000) over 1,000 feeds into an empty PostgreSQL database, in its own process as a user
 * runs it: wall time of the copy and of the verification (both sides read again and hashed),
 * rows per second, and the process's peak RSS (the CLI prints its own maxRSS). The source is
 * seeded in bulk (bench/support/seed-entries.ts, plus its search rows), not through the API.
 */
export async function benchDbCopy(
  entries = Number(process.env.BENCH_DB_COPY_ENTRIES ?? 1_000_000),
): Promise<DbCopyFigures> {
  const dir = mkdtempSync(join(tmpdir(), "follow-db-copy-bench-"));
  const path = join(dir, "follow.sqlite");
  const postgres = await createTestPostgres();
  try {
    const seedStarted = performance.now();
    await migrateTarget(path);
    seedEntries(path, {
      userId: "bench-user",
      feeds: 1_000,
      entries,
      unreadNewest: 100,
      unreadShare: 0.3,
      starredShare: 0.01,
    });
    const rows = indexForSearch(path);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const sourceMb = statSync(path).size / 1e6;

    const started = performance.now();
    let verifyAt = 0;
    let peakRssMb = 0;
    let output = "";
    const exitCode = await new Promise<number>((resolve) => {
      const child = spawn(
        process.execPath,
        [join(ROOT, "scripts/db-copy.ts"), "--from", path, "--to", postgres.url],
        {
          cwd: ROOT,
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      child.stdout.on("data", (chunk: Buffer) => {
        const text = String(chunk);
        output += text;
        if (!verifyAt && text.includes("verifying")) verifyAt = performance.now();
      });
      child.stderr.on("data", (chunk: Buffer) => {
        output += String(chunk);
      });
      child.on("exit", (code) => resolve(code ?? 1));
    });
    const ended = performance.now();
    const peak = /peak RSS (\d+) MB/.exec(output);
    if (peak) peakRssMb = Number(peak[1]);
    if (exitCode !== 0) console.error(output);
    return {
      entries,
      rows,
      sourceMb,
      seedSeconds,
      copySeconds: ((verifyAt || ended) - started) / 1000,
      verifySeconds: verifyAt ? (ended - verifyAt) / 1000 : 0,
      totalSeconds: (ended - started) / 1000,
      peakRssMb,
      target: `postgres (${postgres.engine})`,
      exitCode,
    };
  } finally {
    await postgres.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The search rows the server writes with each entry (text kept short: it is bulk, not ranking). */
function indexForSearch(path: string): number {
  const db = new SQLite(path);
  try {
    db.exec(`insert into entry_search (entry_id, feed_id, published_at, title, body, author, url)
      select id, feed_id, published_at, coalesce(title, ''), coalesce(description, ''),
        coalesce(author, ''), coalesce(url, '') from entry`);
    let rows = 0;
    const tables = db
      .prepare(
        "select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite%'",
      )
      .all() as Array<{ name: string }>;
    for (const { name } of tables) {
      if (name.startsWith("kysely_")) continue;
      rows += (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n;
    }
    return rows;
  } finally {
    db.close();
  }
}

export function dbCopyTable(f: DbCopyFigures): Table {
  return {
    title: `db:copy SQLite → ${f.target}: ${f.entries.toLocaleString("en")} entries, ${f.rows.toLocaleString("en")} rows in all, source file ${round(f.sourceMb, 0)} MB (seeded in ${round(f.seedSeconds, 0)} s)`,
    headers: ["phase", "seconds", "rows/s", "peak RSS MB"],
    rows: [
      [
        "copy (batches of 1,000, progress committed with each)",
        round(f.copySeconds, 1),
        Math.round(f.rows / f.copySeconds),
        "",
      ],
      [
        "verify (counts and checksums, both sides)",
        round(f.verifySeconds, 1),
        Math.round(f.rows / Math.max(f.verifySeconds, 0.001)),
        "",
      ],
      ["whole command", round(f.totalSeconds, 1), Math.round(f.rows / f.totalSeconds), f.peakRssMb],
    ],
    notes: [
      f.exitCode === 0
        ? "verified: every table's count and checksum agree"
        : `FAILED: exit code ${f.exitCode}`,
      "BENCH_DB_COPY_ENTRIES sets the size (default 1,000,000).",
    ],
  };
}
