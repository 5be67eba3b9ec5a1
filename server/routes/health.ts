import { Hono } from "hono";
import { sql } from "kysely";
import { endpoints } from "../../contract/api/index.ts";
import { APP_VERSION } from "../../contract/constants.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";

const startedAt = Date.now();

/** Liveness plus a real round-trip to the database. */
export function healthRoutes(database: DatabaseHandle) {
  const app = new Hono();
  route(app, endpoints.health.get, async () => {
    try {
      await sql`select 1`.execute(database.db);
    } catch (error) {
      throw new ApiError(1005, `database unreachable: ${(error as Error).message}`, 503);
    }
    return {
      status: "ok" as const,
      version: APP_VERSION,
      database: database.dialect,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
  });
  return app;
}
