import { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { requireUser, type SessionVariables } from "../http/require-user.ts";
import { route } from "../http/route.ts";
import { findPublicProfiles } from "../storage/users.ts";

export function profileRoutes(auth: Auth, database: DatabaseHandle) {
  const app = new Hono<{ Variables: SessionVariables }>();
  app.use("*", requireUser(auth, database));
  route(app, endpoints.profiles.batch, async ({ request: { ids } }) => ({
    code: 0 as const,
    data: await findPublicProfiles(database, ids),
  }));
  return app;
}
