import type { BetterAuthOptions } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { Migrator } from "kysely/migration";
import { serverMigrations } from "../../migrations/server/index.ts";
import type { Logger } from "../logger.ts";
import type { DatabaseHandle } from "./connect.ts";

/**
 * Brings the schema up to date at start-up, on SQLite and PostgreSQL alike: better-auth's tables
 * first (ours may refer to its users), then our numbered migrations.
 */
export async function migrateDatabase(
  database: DatabaseHandle,
  auth: { options: BetterAuthOptions },
  logger: Logger,
) {
  const authPlan = await getMigrations(auth.options);
  if (authPlan.toBeCreated.length > 0 || authPlan.toBeAdded.length > 0) {
    logger.info(
      {
        create: authPlan.toBeCreated.map((t) => t.table),
        alter: authPlan.toBeAdded.map((t) => t.table),
      },
      "running auth migrations",
    );
    await authPlan.runMigrations();
  }

  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => serverMigrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    logger.info({ migration: result.migrationName, status: result.status }, "server migration");
  }
  if (error) throw error;
}
