import { type Auth, createAuth } from "../../server/auth.ts";
import { loadConfig, type ServerConfig } from "../../server/config.ts";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { createLogger, type Logger } from "../../server/logger.ts";

/** The origin better-auth is told it serves; nothing listens there. */
export const MEMORY_AUTH_BASE_URL = "http://127.0.0.1:9";
const SECRET = "unit-secret-unit-secret-unit-secret-1234";

export interface MemoryAuth {
  config: ServerConfig;
  logger: Logger;
  database: DatabaseHandle;
  auth: Auth;
}

/**
 * An in-memory SQLite database with better-auth on it, as the server builds them (a test
 * secret, silent logs), not migrated: a test of the start-up migrations runs them itself.
 * `env` adds to the server's settings (RATE_LIMIT, ...).
 */
export function memoryDatabaseWithAuth(env: Record<string, string> = {}): MemoryAuth {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/nonexistent",
    DATABASE_PATH: ":memory:",
    AUTH_SECRET: SECRET,
    LOG_LEVEL: "silent",
    ...env,
  });
  const logger = createLogger(config);
  const database = connectDatabase(config);
  const auth = createAuth({
    config,
    database,
    logger,
    baseUrl: MEMORY_AUTH_BASE_URL,
    secret: SECRET,
  });
  return { config, logger, database, auth };
}
