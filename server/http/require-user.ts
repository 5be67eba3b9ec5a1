import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "./api-error.ts";
import { sessionMemoFor } from "./session-memo.ts";

export interface SessionVariables {
  userId: string;
  role: string;
}

/**
 * Rejects requests without a valid session with 401 / code 1000; exposes the user id. Every
 * request is validated; answers from better-auth's signed cookie cache are remembered for as
 * long as that cookie is valid (see `SessionMemo`).
 */
export function requireUser(auth: Auth, database: DatabaseHandle) {
  const sessions = sessionMemoFor(auth, database);
  return createMiddleware<{ Variables: SessionVariables }>(async (c, next) => {
    const session = await sessions.resolve(c.req.raw.headers);
    if (!session) throw new ApiError(1000, "Sign in to continue");
    c.set("userId", session.userId);
    c.set("role", session.role);
    await next();
  });
}
