import { Hono } from "hono";
import { ProfilesBatchRequest, type ProfilesBatchResponse } from "../../contract/profiles.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { readJsonBody } from "../http/body.ts";
import { requireUser } from "../http/require-user.ts";
import { findPublicProfiles } from "../storage/users.ts";

export function profileRoutes(auth: Auth, database: DatabaseHandle) {
  const app = new Hono();
  app.use("*", requireUser(auth, database));
  app.post("/batch", async (c) => {
    const { ids } = await readJsonBody(c, ProfilesBatchRequest);
    const body: ProfilesBatchResponse = { code: 0, data: await findPublicProfiles(database, ids) };
    return c.json(body);
  });
  return app;
}
