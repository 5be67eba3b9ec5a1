import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { requireUser, type SessionVariables } from "../http/require-user.ts";
import { isRead } from "../sync/record-writes.ts";
import { tokenRateLimit } from "./rate-limit.ts";
import { findPersonalToken, touchToken } from "./store.ts";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The signed-in user of a request to the product's data API: a browser session, or a personal
 * access token sent as `Authorization: Bearer <token>`, which acts as its owner within its
 * scope ("read" tokens only read). Only data routers take tokens: better-auth's routes
 * (password, e-mail, second factor, sessions, account deletion) and token management read the
 * session alone.
 */
export function requireUserOrToken(auth: Auth, database: DatabaseHandle) {
  const session = requireUser(auth, database);
  return createMiddleware<{ Variables: SessionVariables }>(async (c, next) => {
    const header = c.req.header("authorization");
    if (!header || !/^bearer\s/i.test(header)) return session(c, next);
    const secret = BEARER.exec(header)?.[1];
    const token = secret ? await findPersonalToken(database, secret) : undefined;
    if (!token) throw new ApiError(1000, "This access token is not valid or was revoked");
    const wait = tokenRateLimit(database).take(token.id);
    if (wait > 0) {
      c.header("retry-after", String(wait));
      throw new ApiError(1004, `Too many requests for this token: retry in ${wait} s`, 429);
    }
    if (token.scope !== "write" && !isRead(c.req.method, c.req.path)) {
      throw new ApiError(1004, "This access token is read-only");
    }
    const user = await database.db
      .selectFrom("user")
      .select(["id", "role"])
      .where("id", "=", token.userId)
      .executeTakeFirst();
    if (!user) throw new ApiError(1000, "This access token is not valid or was revoked");
    await touchToken(database, token);
    c.set("userId", user.id);
    // A token never acts as an admin: refreshing feeds for everyone takes a session.
    c.set("role", user.role === "trial" ? "trial" : "user");
    await next();
  });
}
