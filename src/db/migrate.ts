import type { ExecuteResult, SqlValue } from "./types.ts";

/** One numbered, append-only local migration (see migrations/client/index.ts). */
export interface Migration {
  readonly version: number;
  readonly name: string;
  /** Statements run in order inside one transaction. */
  readonly up: readonly string[];
}

/** What the runner needs; the caller already holds the write lock. */
export interface MigrationTarget {
  execute(sql: string, params?: readonly SqlValue[]): Promise<ExecuteResult>;
  /** BEGIN IMMEDIATE, `work`, COMMIT; ROLLBACK and rethrow when `work` throws. */
  inTransaction(work: () => Promise<void>): Promise<void>;
  /** Deletes everything in the database (tables, indexes, triggers, views, data). */
  wipe(): Promise<void>;
}

export interface MigrationReport {
  /** Versions applied by this run, in order. */
  applied: number[];
  /** True when a failure wiped the database and migration ran again from scratch. */
  wiped: boolean;
}

const CREATE_LEDGER = `CREATE TABLE IF NOT EXISTS _migrations (
  version INTEGER PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

/**
 * Runs the migrations newer than the last recorded one, in order. A recorded
 * version with no migration throws the coded 'Missing migration' error. A failing migration is
 * logged, the database wiped and migration run again from scratch, once; a storage that
 * refuses or is busy is not a broken schema, so that failure is thrown for the caller to
 * retry, and nothing is wiped.
 */
export async function migrate(
  target: MigrationTarget,
  migrations: readonly Migration[],
): Promise<MigrationReport> {
  const ordered = sortMigrations(migrations);
  try {
    return { applied: await migrateOnce(target, ordered), wiped: false };
  } catch (error) {
    if (error instanceof MissingMigrationError || isStorageFailure(error)) throw error;
    console.error("Local database migration failed; deleting the database and retrying", error);
  }
  await target.wipe();
  return { applied: await migrateOnce(target, ordered), wiped: true };
}

/**
 * SQLite's primary result codes that say the storage, not the schema, failed: PERM, BUSY,
 * LOCKED, NOMEM, READONLY, IOERR (and its extended codes), FULL, CANTOPEN.
 */
const STORAGE_FAILURES = new Set([3, 5, 6, 7, 8, 10, 13, 14]);

function isStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" && STORAGE_FAILURES.has(code & 0xff);
}

/** Thrown as is: wiping would destroy data that a newer app version wrote. */
class MissingMigrationError extends Error {
  readonly version: number;
  constructor(version: number) {
    super("Missing migration");
    this.name = "MissingMigrationError";
    this.version = version;
  }
}

async function migrateOnce(target: MigrationTarget, ordered: readonly Migration[]) {
  await target.execute(CREATE_LEDGER);
  const { rows } = await target.execute("SELECT version FROM _migrations ORDER BY version");
  const recorded = rows.map((row) => Number(row.version));
  const known = new Set(ordered.map((migration) => migration.version));
  const missing = recorded.find((version) => !known.has(version));
  if (missing !== undefined) throw new MissingMigrationError(missing);

  const last = recorded.at(-1) ?? -1;
  const applied: number[] = [];
  for (const migration of ordered) {
    if (migration.version <= last) continue;
    await target.inTransaction(async () => {
      for (const sql of migration.up) await target.execute(sql);
      await target.execute("INSERT INTO _migrations (version, name, applied_at) VALUES (?, ?, ?)", [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
    });
    applied.push(migration.version);
  }
  return applied;
}

function sortMigrations(migrations: readonly Migration[]): Migration[] {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  ordered.forEach((migration, index) => {
    if (index > 0 && ordered[index - 1]!.version === migration.version) {
      throw new Error(`Two local migrations share version ${migration.version}`);
    }
  });
  return ordered;
}
