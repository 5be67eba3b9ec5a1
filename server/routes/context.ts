import { Hono } from "hono";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { idempotentWrites } from "../http/idempotency.ts";
import type { SessionVariables } from "../http/require-user.ts";
import { recordWrites } from "../sync/record-writes.ts";
import { requireUserOrToken } from "../tokens/bearer.ts";

/**
 * A router for signed-in users' data: a session (or a personal access token) required, writes
 * idempotent by key, and each successful write a change their other devices hear of (the live
 * change stream).
 */
export function userRouter(auth: Auth, database: DatabaseHandle) {
  const app = new Hono<{ Variables: SessionVariables }>();
  app.use("*", requireUserOrToken(auth, database));
  app.use("*", idempotentWrites(database));
  app.use("*", recordWrites(database));
  return app;
}

export const ok = { code: 0 } as const;
