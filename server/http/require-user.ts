import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth.ts";
import { ApiError } from "./api-error.ts";

export interface SessionVariables {
  userId: string;
  role: string;
}

/** Rejects requests without a valid session with 401 / code 1000; exposes the user id. */
export function requireUser(auth: Auth) {
  return createMiddleware<{ Variables: SessionVariables }>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new ApiError(1000, "Sign in to continue");
    c.set("userId", session.user.id);
    c.set("role", session.role);
    await next();
  });
}
