import { createHash } from "node:crypto";
import type { BetterAuthOptions } from "better-auth";
import { getSchema } from "better-auth/db";
import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { serverMigrations } from "../../migrations/server/index.ts";
import type { Logger } from "../logger.ts";
import type { DatabaseHandle } from "./connect.ts";

/**
 * Brings the schema up to date at start-up, on SQLite and PostgreSQL alike: better-auth's tables
 * first (ours may refer to its users), then our numbered migrations.
 *
 * better-auth's check reads the columns of every table in the database (360 rows of the
 * PostgreSQL catalogue): enough rows that V8 compiled the driver's row parser with its
 * optimizing compiler at every start, ~5 MB of RSS a fresh server otherwise does not need. So it
 * runs only when what better-auth expects (its tables for these options, on this database) is
 * not what the last check that ran to its end expected; deleting server_meta's `auth_schema`
 * row makes the next start check again.
 */
export async function migrateDatabase(
  database: DatabaseHandle,
  auth: { options: BetterAuthOptions },
  logger: Logger,
) {
  const expected = authSchemaDigest(auth.options, database.dialect);
  const checked = (await checkedAuthSchema(database)) === expected;
  if (!checked) {
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
  }

  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => serverMigrations },
  });
  // Said before they run: one may take a while on a large database (0044 rebuilds SQLite's
  // entry table, ~30 s at a million entries), and a silent start looks like a hung one.
  const pending = await pendingMigrations(database);
  if (pending.length > 0) logger.info({ migrations: pending }, "running server migrations");
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    logger.info({ migration: result.migrationName, status: result.status }, "server migration");
  }
  if (error) throw error;
  if (!checked) await recordAuthSchema(database, expected);
}

/**
 * Our migrations not yet recorded in Kysely's table (all of them on a new database). Read
 * directly: the Migrator's own listing introspects every table's columns first.
 */
async function pendingMigrations(database: DatabaseHandle): Promise<string[]> {
  let done: Set<string>;
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(
      database.db,
    );
    done = new Set(rows.rows.map((row) => row.name));
  } catch {
    done = new Set(); // A new database: no kysely_migration yet.
  }
  return Object.keys(serverMigrations).filter((name) => !done.has(name));
}

const AUTH_SCHEMA_KEY = "auth_schema";

/** The tables better-auth expects for these options (functions, such as defaults, left out). */
export function authSchemaDigest(options: BetterAuthOptions, dialect: string): string {
  return createHash("sha256")
    .update(dialect)
    .update(JSON.stringify(getSchema(options)))
    .digest("hex");
}

async function checkedAuthSchema(database: DatabaseHandle): Promise<string | null> {
  try {
    const row = await database.db
      .selectFrom("server_meta")
      .select("value")
      .where("key", "=", AUTH_SCHEMA_KEY)
      .executeTakeFirst();
    return row?.value ?? null;
  } catch {
    return null; // A new database: no server_meta yet.
  }
}

async function recordAuthSchema(database: DatabaseHandle, digest: string): Promise<void> {
  const updatedAt = new Date().toISOString();
  await database.db
    .insertInto("server_meta")
    .values({ key: AUTH_SCHEMA_KEY, value: digest, updated_at: updatedAt })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({ value: digest, updated_at: updatedAt }),
    )
    .execute();
}
