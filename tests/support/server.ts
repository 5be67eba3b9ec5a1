import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { type RunningServer, startServer } from "../../server/server.ts";
import { createTestPostgres, type TestPostgres } from "./postgres.ts";

export type Dialect = "sqlite" | "postgres";
export const DIALECTS: Dialect[] = ["sqlite", "postgres"];

export interface TestServer extends RunningServer {
  /** Every JSON log line the server wrote. */
  logs: Record<string, unknown>[];
  dataDir: string;
  postgres: TestPostgres | undefined;
  /** Stops the server but keeps its database (to test restarts). */
  stop(): Promise<void>;
  /** Starts a new server process-equivalent on the same database. */
  restart(env?: Record<string, string>): Promise<TestServer>;
  /** Stops the server and deletes its database. */
  close(): Promise<void>;
}

/** A real server on 127.0.0.1 with its own SQLite file or PostgreSQL database. */
export async function startTestServer(
  dialect: Dialect,
  env: Record<string, string> = {},
  shared?: { dataDir: string; postgres: TestPostgres | undefined },
): Promise<TestServer> {
  const dataDir = shared?.dataDir ?? mkdtempSync(join(tmpdir(), "follow-test-"));
  const postgres = shared
    ? shared.postgres
    : dialect === "postgres"
      ? await createTestPostgres({ migrated: true })
      : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
    CLIENT_DIST_DIR: env.CLIENT_DIST_DIR ?? join(dataDir, "no-client"),
    LOG_LEVEL: "info",
    // Reports only when a test asks (runDailyReports): an 8 o'clock passing mid-run changes nothing.
    DAILY_REPORT_CHECK_SECONDS: "0",
    // Every fixture feed is on one loopback host: the per-host limits are for real sites, and
    // tests/integration/politeness.test.ts sets its own to check them.
    INGEST_HOST_CONCURRENCY: "16",
    INGEST_HOST_PER_MINUTE: "100000",
    ...(postgres
      ? { DATABASE_URL: postgres.url, DATABASE_POOL_MAX: String(postgres.poolMax) }
      : {}),
    ...env,
  });
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const running = await startServer(config, createLogger(config, sink));
  const server: TestServer = {
    ...running,
    logs,
    dataDir,
    postgres,
    stop: () => running.close(),
    restart: (nextEnv = env) => startTestServer(dialect, nextEnv, { dataDir, postgres }),
    close: async () => {
      await running.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
