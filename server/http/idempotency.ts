import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { createMiddleware } from "hono/factory";
import { HTTP_RETRY_STATUSES } from "../../contract/constants.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import {
  claimKey,
  clearInFlightKeys,
  IN_FLIGHT,
  type KeyRequest,
  recordAnswer,
  releaseKey,
  secondsLeft,
} from "../storage/idempotency-keys.ts";
import { ApiError } from "./api-error.ts";
import type { SessionVariables } from "./require-user.ts";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// "Try again" answers are no final answer: stored, every retry would replay them forever.
const NOT_FINAL = new Set(HTTP_RETRY_STATUSES);

/** Tests only: a matching write never answers, so a test can kill the server in the middle. */
export interface WriteHold {
  /** `before`: the key is claimed, nothing written; `after`: the write is committed. */
  phase: "before" | "after";
  path: string;
}

export interface IdempotencyOptions {
  /** This server instance: the same across its restarts, distinct from other API processes. */
  owner: string;
  /** How long an in-flight key is held; longer than any request (a subscribe's fetches). */
  leaseMs: number;
  hold?: WriteHold | undefined;
  onHold?: (detail: { key: string; path: string; phase: WriteHold["phase"] }) => void;
}

const DEFAULTS: IdempotencyOptions = { owner: `${hostname()}:${process.pid}`, leaseMs: 120_000 };
const configured = new WeakMap<DatabaseHandle, IdempotencyOptions>();

/**
 * Called at start-up before the first request: sets this process's lease options and clears
 * the keys a killed previous run of this instance left in flight. On SQLite (one server process
 * per file) that is every in-flight key; on PostgreSQL only this owner's: other processes' keys
 * may still be running, and expire by their deadline. Returns how many were cleared.
 */
export async function startIdempotentWrites(
  database: DatabaseHandle,
  options: IdempotencyOptions,
): Promise<number> {
  configured.set(database, options);
  return clearInFlightKeys(database, database.dialect === "sqlite" ? "all" : options.owner);
}

/**
 * Writes with an `Idempotency-Key` header are applied once per user and key: a replay gets the
 * stored answer; a replay while the first is still running gets code 1 ("Previous operation is
 * not completed") with a Retry-After. "Still running" is a lease with a deadline: a retry after
 * it runs the write (the first one's holder died or hung). Refusals (4xx) are stored and
 * replayed too; 5xx and other "try again" answers are not. The same key with another method,
 * path or body is refused (1002): it would otherwise get the first request's answer, silently.
 */
export function idempotentWrites(database: DatabaseHandle) {
  return createMiddleware<{ Variables: SessionVariables }>(async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (!key || !WRITE_METHODS.has(c.req.method)) return next();
    if (key.length > 200) throw new ApiError(1002, "Idempotency-Key is longer than 200 characters");
    const options = configured.get(database) ?? DEFAULTS;
    const url = new URL(c.req.url);
    const request: KeyRequest = {
      userId: c.get("userId"),
      key,
      method: c.req.method,
      path: url.pathname,
      // hono keeps the bytes read here for the handler.
      hash: requestHash(c.req.method, `${url.pathname}${url.search}`, await c.req.arrayBuffer()),
    };
    const token = randomUUID();

    const claim = await claimKey(database, request, { ...options, token });
    if (!claim.claimed) {
      const { stored } = claim;
      const sameRequest =
        stored.method === request.method &&
        stored.path === request.path &&
        (stored.request_hash === null || stored.request_hash === request.hash);
      if (!sameRequest) {
        throw new ApiError(1002, "this Idempotency-Key was used for a different request");
      }
      if (stored.status === IN_FLIGHT) {
        const error = new ApiError(1, "the first request with this key is still running");
        return c.json(error.toBody(), 409, { "retry-after": String(secondsLeft(stored)) });
      }
      return new Response(stored.body, {
        status: stored.status,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "idempotent-replayed": "true",
        },
      });
    }

    await holdForTests(options, request, "before");
    try {
      await next();
    } catch (error) {
      await releaseKey(database, request, token);
      throw error;
    }
    // 5xx: nothing is known to be applied, so the client's retry really retries. Anything else,
    // refusals included, is the answer every replay gets.
    if (c.res.status >= 500 || NOT_FINAL.has(c.res.status)) {
      await releaseKey(database, request, token);
      return;
    }
    await holdForTests(options, request, "after");
    const body = await c.res.clone().text();
    await recordAnswer(database, request, token, { status: c.res.status, body });
  });
}

/** Which request a key was used for: method, path with query, and the body's bytes. */
function requestHash(method: string, target: string, body: ArrayBuffer): string {
  return createHash("sha256")
    .update(`${method} ${target}\n`)
    .update(new Uint8Array(body))
    .digest("hex");
}

/** Never resolves for the held write: the test kills the process while it waits. */
async function holdForTests(
  options: IdempotencyOptions,
  request: KeyRequest,
  phase: WriteHold["phase"],
) {
  const hold = options.hold;
  if (!hold || hold.phase !== phase || hold.path !== request.path) return;
  options.onHold?.({ key: request.key, path: request.path, phase });
  await new Promise(() => {});
}
