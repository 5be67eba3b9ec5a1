import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator } from "kysely/migration";
import { serverMigrations } from "../../migrations/server/index.ts";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { createTestPostgres } from "../../tests/support/postgres.ts";

export type BenchDialect = "sqlite" | "postgres";

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** "sqlite", "postgres (postgresql)" or "postgres (pglite)". */
  label: string;
  /** Closes the connection and deletes the database. */
  drop(): Promise<void>;
}

/**
 * A fresh database with the server's own schema (our migrations only: the storage code under
 * test never touches better-auth's tables), opened exactly as the server opens it.
 */
export async function openBenchDatabase(dialect: BenchDialect): Promise<BenchDatabase> {
  let bench: BenchDatabase;
  if (dialect === "postgres") {
    const postgres = await createTestPostgres();
    const handle = connectDatabase({
      databaseUrl: postgres.url,
      databasePath: "",
      databasePoolMax: postgres.poolMax,
    });
    bench = {
      handle,
      label: `postgres (${postgres.engine})`,
      drop: async () => {
        await handle.close();
        await postgres.drop();
      },
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), "follow-bench-db-"));
    const handle = connectDatabase({ databasePath: join(dir, "follow.sqlite") });
    bench = {
      handle,
      label: "sqlite",
      drop: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const migrator = new Migrator({
    db: bench.handle.db,
    provider: { getMigrations: async () => serverMigrations },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await bench.drop();
    throw error;
  }
  return bench;
}
