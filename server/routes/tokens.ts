import { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { requireUser, type SessionVariables } from "../http/require-user.ts";
import { route } from "../http/route.ts";
import {
  countLiveTokens,
  createToken,
  listTokens,
  MAX_TOKENS,
  revokeToken,
} from "../tokens/store.ts";
import { ok } from "./context.ts";

/**
 * App passwords and personal access tokens. A browser session only (plain requireUser, which
 * never reads a Bearer token): a token can neither make nor revoke tokens.
 */
export function tokenRoutes(auth: Auth, database: DatabaseHandle) {
  const app = new Hono<{ Variables: SessionVariables }>();
  app.use("*", requireUser(auth, database));
  const { list, create, revoke } = endpoints.tokens;

  route(app, list, async (_input, c) => ({
    code: 0 as const,
    data: await listTokens(database, c.get("userId")),
  }));

  route(app, create, async ({ request }, c) => {
    const userId = c.get("userId");
    if ((await countLiveTokens(database, userId)) >= MAX_TOKENS) {
      throw new ApiError(1004, `At most ${MAX_TOKENS} tokens: revoke one first`);
    }
    const user = await database.db
      .selectFrom("user")
      .select(["id", "email"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const name = request.name.trim();
    if (!name) throw new ApiError(1002, "A token needs a name");
    return { code: 0 as const, data: await createToken(database, user, { ...request, name }) };
  });

  route(app, revoke, async ({ request: { id } }, c) => {
    if (!(await revokeToken(database, c.get("userId"), id))) {
      throw new ApiError(1002, "No such token");
    }
    return ok;
  });

  return app;
}
