import { param, quote } from "./db-copy-rows.ts";
import type { Side } from "./db-copy-sides.ts";

/**
 * The copy's own record in the target: where it copies from, and per table the last key
 * written and whether the table is done. Each batch and its progress row commit in one
 * transaction, so after a kill the record says exactly what the target holds.
 */
export const PROGRESS_TABLE = "_copy_progress";
const SOURCE_ROW = ":source";

export interface TableProgress {
  lastKey: string | null;
  copied: number;
  done: boolean;
}

export interface Progress {
  source: string;
  tables: Map<string, TableProgress>;
}

export async function readProgress(target: Side): Promise<Progress | undefined> {
  const exists =
    target.dialect === "sqlite"
      ? await target.all("select 1 from sqlite_master where type = 'table' and name = ?", [
          PROGRESS_TABLE,
        ])
      : await target.all(
          "select 1 from pg_tables where schemaname = current_schema() and tablename = $1",
          [PROGRESS_TABLE],
        );
  if (exists.length === 0) return undefined;
  const rows = (await target.all(
    `select name, last_key, copied, done from ${quote(PROGRESS_TABLE)}`,
  )) as Array<{ name: string; last_key: string | null; copied: unknown; done: unknown }>;
  const tables = new Map<string, TableProgress>();
  let source = "";
  for (const row of rows) {
    if (row.name === SOURCE_ROW) source = row.last_key ?? "";
    else {
      tables.set(row.name, {
        lastKey: row.last_key,
        copied: Number(row.copied),
        done: Number(row.done) === 1,
      });
    }
  }
  return { source, tables };
}

export async function startProgress(target: Side, source: string): Promise<void> {
  await target.run(`drop table if exists ${quote(PROGRESS_TABLE)}`);
  await target.run(`create table ${quote(PROGRESS_TABLE)} (
    name varchar(200) primary key,
    last_key text,
    copied bigint not null default 0,
    done integer not null default 0
  )`);
  await saveProgress(target, SOURCE_ROW, { lastKey: source, copied: 0, done: false });
}

export async function saveProgress(target: Side, table: string, progress: TableProgress) {
  const p = (n: number) => param(target, n);
  await target.run(
    `insert into ${quote(PROGRESS_TABLE)} (name, last_key, copied, done) values (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)})
     on conflict (name) do update set last_key = excluded.last_key, copied = excluded.copied, done = excluded.done`,
    [table, progress.lastKey, progress.copied, progress.done ? 1 : 0],
  );
}

export async function dropProgress(target: Side): Promise<void> {
  await target.run(`drop table if exists ${quote(PROGRESS_TABLE)}`);
}
