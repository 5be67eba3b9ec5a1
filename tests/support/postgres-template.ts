import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type pg from "pg";
import { createAuth } from "../../server/auth.ts";
import { loadConfig } from "../../server/config.ts";
import { connectDatabase } from "../../server/db/connect.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { createLogger } from "../../server/logger.ts";

/**
 * A PostgreSQL database holding the server's schema and nothing else, made once per schema and
 * cloned (CREATE DATABASE ... TEMPLATE) for each test server: migrating a new database took about
 * a second per server, cloning a migrated one a fifth of that. Its name carries a hash of what
 * decides the schema, so a changed migration gets a new template; a server started on a clone
 * still runs its migrations, which then find nothing to do (or add what a new auth option asks).
 * Templates of older schemas are left in place: a run of an older checkout may still clone one.
 */
const ROOT = join(import.meta.dirname, "../..");
const SCHEMA_SOURCES = [
  ...readdirSync(join(ROOT, "migrations/server")).map((name) => `migrations/server/${name}`),
  "server/db/migrate.ts",
  "server/auth.ts",
  "node_modules/better-auth/package.json",
];
const PREFIX = "follow_tmpl_";
/** Another session still connected to the source database: PostgreSQL's object_in_use. */
const OBJECT_IN_USE = "55006";
const DUPLICATE_DATABASE = "42P04";

function templateName(): string {
  const hash = createHash("sha256");
  for (const path of SCHEMA_SOURCES.sort()) {
    hash.update(path);
    hash.update(readFileSync(join(ROOT, path)));
  }
  return `${PREFIX}${hash.digest("hex").slice(0, 16)}`;
}

/** What a server's start-up does to its database first, and nothing more. */
async function migrate(config: ReturnType<typeof loadConfig>) {
  const logger = createLogger(config);
  const database = connectDatabase(config);
  try {
    const secret = config.authSecret!;
    const auth = createAuth({ config, database, logger, baseUrl: "http://127.0.0.1", secret });
    await migrateDatabase(database, auth, logger);
  } finally {
    await database.close();
  }
}

type AdminQuery = (text: string) => Promise<pg.QueryResult>;

/** The template's name, made now if this schema has none yet. */
export async function migratedTemplate(adminUrl: string, admin: AdminQuery): Promise<string> {
  const name = templateName();
  const found = await admin(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  if (found.rowCount) return name;
  // Built under a name of its own, then renamed: a run beside this one may be building it too.
  const building = `${name}_b${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE ${building}`);
  const url = new URL(adminUrl);
  url.pathname = `/${building}`;
  const dataDir = mkdtempSync(join(tmpdir(), "follow-template-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: url.toString(),
    DATABASE_POOL_MAX: "2",
    DATA_DIR: dataDir,
    AUTH_SECRET: "template-secret-template-secret-1234",
    LOG_LEVEL: "warn",
  });
  try {
    await migrate(config);
  } catch (error) {
    await admin(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    await admin(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (error) {
    await admin(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
  }
  return name;
}

/**
 * Creates `name` as a clone of the schema's template, waiting out a moment in which the
 * template is in use. Should that fail (the template could not be made, say), an empty
 * database instead: the server migrates it at start, only slower.
 */
export async function createMigratedDatabase(adminUrl: string, admin: AdminQuery, name: string) {
  try {
    const template = await migratedTemplate(adminUrl, admin);
    for (let attempt = 1; ; attempt++) {
      try {
        await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } catch (error) {
    console.warn(`[tests] no migrated template (${(error as Error).message}): migrating anew`);
    await admin(`CREATE DATABASE ${name}`);
  }
}
