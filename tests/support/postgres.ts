import { randomBytes } from "node:crypto";
import pg from "pg";
import { createMigratedDatabase } from "./postgres-template.ts";

/**
 * A fresh PostgreSQL database per test suite. Uses the machine's server (CI starts it) when
 * reachable; otherwise PGlite behind its wire-protocol socket, so the PostgreSQL dialect and the
 * `pg` driver are exercised on every machine and nothing is skipped.
 */
export interface TestPostgres {
  url: string;
  engine: "postgresql" | "pglite";
  poolMax: number;
  drop(): Promise<void>;
}

const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://follow:follow@127.0.0.1:5432/postgres";

/**
 * `migrated`: the server's schema is already there (cloned from a template database), for a
 * test server, whose start-up would otherwise spend a second migrating. Without it the database
 * is empty, for tests of the migrations themselves. (PGlite always starts empty.)
 */
export async function createTestPostgres(
  options: { migrated?: boolean } = {},
): Promise<TestPostgres> {
  if (process.env.TEST_FORCE_PGLITE !== "1" && (await reachable(ADMIN_URL))) {
    console.info("[tests] PostgreSQL dialect on the local PostgreSQL server");
    const name = `follow_test_${randomBytes(6).toString("hex")}`;
    if (options.migrated) await createMigratedDatabase(ADMIN_URL, adminQuery, name);
    else await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      engine: "postgresql",
      poolMax: 10,
      drop: () => dropDatabase(name),
    };
  }
  return startPglite();
}

async function startPglite(): Promise<TestPostgres> {
  console.info("[tests] no PostgreSQL server reachable: PostgreSQL dialect on PGlite");
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 16 });
  await server.start();
  const conn = server.getServerConn();
  return {
    url: `postgres://postgres:postgres@${conn}/postgres`,
    engine: "pglite",
    // PGlite runs one query at a time; one pooled connection keeps transactions intact.
    poolMax: 1,
    drop: async () => {
      await server.stop();
      await db.close();
    },
  };
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** PostgreSQL's "insufficient privilege": FORCE may not end a superuser's backend. */
const INSUFFICIENT_PRIVILEGE = "42501";

/**
 * Drops a test database and ends what is connected to it. An autovacuum worker (a superuser
 * backend, busy after a bulk insert) cannot be ended by our role without pg_signal_backend:
 * then wait for it to finish and try again. A database that still cannot go is left behind
 * with a warning; it is scratch, and the tests' verdicts stand.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== INSUFFICIENT_PRIVILEGE) throw error;
      if (attempt >= 50) {
        console.warn(`[tests] could not drop ${name}: ${(error as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function adminQuery(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
