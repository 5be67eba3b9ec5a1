import { createMiddleware } from "hono/factory";
import type { DatabaseHandle } from "../db/connect.ts";
import { nowIso } from "../storage/time.ts";
import { ApiError } from "./api-error.ts";
import type { SessionVariables } from "./require-user.ts";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const PENDING = 0;

/**
 * Writes with an `Idempotency-Key` header are applied once per user and key: a replay gets the
 * stored answer; a replay while the first is still running gets code 1 ("Previous operation is
 * not completed"). Refusals (4xx) are stored and replayed too; 5xx answers are not.
 */
export function idempotentWrites(database: DatabaseHandle) {
  return createMiddleware<{ Variables: SessionVariables }>(async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (!key || !WRITE_METHODS.has(c.req.method)) return next();
    if (key.length > 200) throw new ApiError(1002, "Idempotency-Key is longer than 200 characters");
    const userId = c.get("userId");
    const path = new URL(c.req.url).pathname;

    const claimed = await database.db
      .insertInto("idempotency_key")
      .values({
        user_id: userId,
        key,
        method: c.req.method,
        path,
        status: PENDING,
        body: "",
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
      const stored = await database.db
        .selectFrom("idempotency_key")
        .selectAll()
        .where("user_id", "=", userId)
        .where("key", "=", key)
        .executeTakeFirstOrThrow();
      if (stored.method !== c.req.method || stored.path !== path) {
        throw new ApiError(1002, "Idempotency-Key was already used for a different request");
      }
      if (stored.status === PENDING)
        throw new ApiError(1, "the first request with this key is still running");
      return new Response(stored.body, {
        status: stored.status,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "idempotent-replayed": "true",
        },
      });
    }

    const forget = () =>
      database.db
        .deleteFrom("idempotency_key")
        .where("user_id", "=", userId)
        .where("key", "=", key)
        .execute();
    try {
      await next();
    } catch (error) {
      await forget();
      throw error;
    }
    // 5xx: nothing is known to be applied, so the client's retry really retries. Anything else,
    // refusals included, is the answer every replay gets.
    if (c.res.status >= 500) {
      await forget();
      return;
    }
    const body = await c.res.clone().text();
    await database.db
      .updateTable("idempotency_key")
      .set({ status: c.res.status, body })
      .where("user_id", "=", userId)
      .where("key", "=", key)
      .execute();
  });
}
