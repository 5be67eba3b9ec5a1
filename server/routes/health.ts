import { Hono } from "hono";
import { sql } from "kysely";
import { endpoints } from "../../contract/api/index.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";

/**
 * Liveness plus a real round-trip to the database. The public learns only "ok" (no version to
 * match against known flaws, no database kind); operators read the details from /metrics.
 */
export function healthRoutes(database: DatabaseHandle) {
  const app = new Hono();
  route(app, endpoints.health.get, async () => {
    try {
      await sql`select 1`.execute(database.db);
    } catch {
      throw new ApiError(1005, "database unreachable", 503);
    }
    return { status: "ok" as const };
  });
  return app;
}
