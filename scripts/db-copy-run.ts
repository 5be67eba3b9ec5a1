import { tableSum } from "./db-copy-checksum.ts";
import { CopyRefused, CopyStopped } from "./db-copy-errors.ts";
import { planCopy, readTables, type TablePlan } from "./db-copy-plan.ts";
import {
  dropProgress,
  type Progress,
  readProgress,
  saveProgress,
  startProgress,
} from "./db-copy-progress.ts";
import { insertRows, quote, readBatch } from "./db-copy-rows.ts";
import { migrateTarget, openSide, type Side, safeLocation } from "./db-copy-sides.ts";
import { decodeKey, encodeKey } from "./db-copy-values.ts";

export interface CopyOptions {
  from: string;
  to: string;
  /** Empties a target that holds data (or another copy's progress) before copying. */
  force?: boolean;
  /** Only continue an unfinished copy (resuming is automatic; this refuses a fresh start). */
  resume?: boolean;
  batchSize?: number;
  /** For tests: stop as a kill would, once this many batches are committed. */
  stopAfterBatches?: number;
  log?: (line: string) => void;
}

export interface TableResult {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
}

export interface CopyReport {
  resumed: boolean;
  copiedRows: number;
  results: TableResult[];
  ok: boolean;
}

export { CopyRefused, CopyStopped };

export const DEFAULT_BATCH = 1000;

/**
 * Copies every table of one installation into another database: the target migrated first by
 * the server's own migrations, then refused if it holds data (unless forced) or resumed if it
 * holds this source's unfinished copy, then filled table by table in foreign-key order, and
 * finally compared with the source table by table (row counts and checksums).
 */
export async function copyInstallation(options: CopyOptions): Promise<CopyReport> {
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  if (safeLocation(options.from) === safeLocation(options.to)) {
    throw new CopyRefused("--from and --to are the same database");
  }
  const source = await openSide(options.from, "source");
  let target: Side | undefined;
  try {
    await sameMigrations(source, undefined);
    await migrateTarget(options.to);
    target = await openSide(options.to, "target");
    await sameMigrations(source, target);
    const plan = planCopy(source, await readTables(source), target, await readTables(target));
    const { progress, resumed } = await prepareTarget(source, target, plan, options);
    log(resumed ? `resuming the copy into ${target.location}` : `copying into ${target.location}`);
    const copiedRows = await copyTables(source, target, plan, progress, batchSize, options, log);
    if (target.dialect === "postgres") {
      await resyncSequences(target);
      // Planner statistics for what just arrived, before a server plans its first query.
      await target.run("analyze");
    }
    log("verifying row counts and checksums");
    const results = await verify(source, target, plan, batchSize);
    const ok = results.every((r) => r.ok);
    // Kept after a mismatch: a run with --force starts over.
    if (ok) await dropProgress(target);
    return { resumed, copiedRows, results, ok };
  } finally {
    await target?.close();
    await source.close();
  }
}

/** A copy between schemas of different versions could not be faithful. */
async function sameMigrations(source: Side, target: Side | undefined) {
  const names = async (side: Side) =>
    (await side.all("select name from kysely_migration order by name")).map(
      (r) => r.name as string,
    );
  let sourceNames: string[];
  try {
    sourceNames = await names(source);
  } catch {
    throw new CopyRefused(
      `${source.location} holds no Follow installation (no kysely_migration table)`,
    );
  }
  if (!target) return;
  const targetNames = await names(target);
  const missing = targetNames.filter((n) => !sourceNames.includes(n));
  const extra = sourceNames.filter((n) => !targetNames.includes(n));
  if (missing.length > 0) {
    throw new CopyRefused(
      `the source's schema is older than this version's (missing ${missing.join(", ")}): start this version of the server on it once, stop it, then copy`,
    );
  }
  if (extra.length > 0) {
    throw new CopyRefused(
      `the source was migrated by a newer version (${extra.join(", ")}): copy with that version`,
    );
  }
}

async function prepareTarget(
  source: Side,
  target: Side,
  plan: TablePlan[],
  options: CopyOptions,
): Promise<{ progress: Progress; resumed: boolean }> {
  const force = options.force ?? false;
  const existing = await readProgress(target);
  if (options.resume && (!existing || existing.source !== source.location)) {
    throw new CopyRefused(`--resume: the target holds no unfinished copy from ${source.location}`);
  }
  if (existing && existing.source === source.location && !force) {
    return { progress: existing, resumed: true };
  }
  if (existing && !force) {
    throw new CopyRefused(
      `the target holds an unfinished copy from ${existing.source}: finish it with that --from, or start over with --force`,
    );
  }
  if (!existing) {
    const holding: string[] = [];
    for (const table of plan) {
      const rows = await target.all(`select 1 from ${quote(table.name)} limit 1`);
      if (rows.length > 0) holding.push(table.name);
    }
    if (holding.length > 0 && !force) {
      throw new CopyRefused(
        `the target is not empty (${holding.join(", ")} hold rows): copy into an empty database, or pass --force to replace what it holds`,
      );
    }
  }
  await emptyTarget(target, plan);
  await startProgress(target, source.location);
  return { progress: (await readProgress(target))!, resumed: false };
}

async function emptyTarget(target: Side, plan: TablePlan[]) {
  if (target.dialect === "postgres") {
    await target.run(`truncate ${plan.map((t) => quote(t.name)).join(", ")}`);
    return;
  }
  await target.transaction(async () => {
    for (const table of [...plan].reverse()) await target.run(`delete from ${quote(table.name)}`);
  });
}

async function copyTables(
  source: Side,
  target: Side,
  plan: TablePlan[],
  progress: Progress,
  batchSize: number,
  options: CopyOptions,
  log: (line: string) => void,
): Promise<number> {
  let batches = 0;
  let copiedRows = 0;
  for (const table of plan) {
    const state = progress.tables.get(table.name) ?? { lastKey: null, copied: 0, done: false };
    if (state.done) continue;
    let after = state.lastKey
      ? decodeKey(
          state.lastKey,
          table.sourceKey.map((k) => k.logical),
        )
      : undefined;
    let copied = state.copied;
    for (;;) {
      const batch = await readBatch(
        source,
        table.name,
        table.sourceKey,
        table.columns,
        after,
        batchSize,
      );
      const done = batch.rows.length < batchSize;
      await target.transaction(async () => {
        await insertRows(target, table, batch.rows);
        copied += batch.rows.length;
        const lastKey = batch.lastKey ? encodeKey(batch.lastKey) : state.lastKey;
        await saveProgress(target, table.name, { lastKey, copied, done });
      });
      copiedRows += batch.rows.length;
      if (batch.lastKey) after = batch.lastKey;
      batches++;
      if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches) {
        throw new CopyStopped(`stopped after ${batches} batches, as asked`);
      }
      if (done) break;
    }
    log(`${table.name}: ${copied} rows`);
  }
  return copiedRows;
}

/** Identity and serial columns continue after the largest value copied. */
async function resyncSequences(target: Side) {
  const sequences = (await target.all(`
    select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
    from information_schema.columns
    where table_schema = current_schema() and (is_identity = 'YES' or column_default like 'nextval(%')`)) as Array<{
    table_name: string;
    column_name: string;
    seq: string | null;
  }>;
  for (const s of sequences) {
    if (!s.seq) continue;
    await target.run(
      `select setval($1, coalesce((select max(${quote(s.column_name)}) from ${quote(s.table_name)}), 0) + 1, false)`,
      [s.seq],
    );
  }
}

async function verify(
  source: Side,
  target: Side,
  plan: TablePlan[],
  batchSize: number,
): Promise<TableResult[]> {
  const results: TableResult[] = [];
  for (const table of plan) {
    const from = await tableSum(source, table.name, table.sourceKey, table.columns, batchSize);
    const keyLogicals = new Map(table.columns.map((c) => [c.name, c.logical]));
    const targetKey = table.targetKey.map((k) => ({
      ...k,
      logical: keyLogicals.get(k.name) ?? k.logical,
    }));
    const to = await tableSum(target, table.name, targetKey, table.columns, batchSize);
    results.push({
      table: table.name,
      sourceRows: from.rows,
      targetRows: to.rows,
      sourceChecksum: from.checksum,
      targetChecksum: to.checksum,
      ok: from.rows === to.rows && from.checksum === to.checksum,
    });
  }
  return results;
}
