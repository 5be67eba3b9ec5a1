import { Hono } from "hono";
import { sql } from "kysely";
import { APP_VERSION } from "../../contract/constants.ts";
import type { HealthResponse } from "../../contract/session.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";

const startedAt = Date.now();

/** Liveness plus a real round-trip to the database. */
export function healthRoutes(database: DatabaseHandle) {
  const app = new Hono();
  app.get("/", async (c) => {
    try {
      await sql`select 1`.execute(database.db);
    } catch (error) {
      throw new ApiError(1005, `database unreachable: ${(error as Error).message}`, 503);
    }
    const body: HealthResponse = {
      status: "ok",
      version: APP_VERSION,
      database: database.dialect,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
    return c.json(body);
  });
  return app;
}
