import { createMiddleware } from "hono/factory";
import type { DatabaseHandle } from "../db/connect.ts";
import { tokenRateLimit } from "../tokens/rate-limit.ts";
import { sha256Hex } from "../tokens/secrets.ts";
import { findAppPassword, type ResolvedToken, touchToken } from "../tokens/store.ts";

export interface ReaderVariables {
  userId: string;
  token: ResolvedToken;
  /** The app password as the client sent it (its Auth token). */
  secret: string;
}

/**
 * The action token (`reader/api/0/token`) for an Auth token: 57 characters, as Google's were,
 * derived from the secret so any server process checks it without state.
 */
export const actionToken = (secret: string) =>
  `${sha256Hex(`greader-action:${secret}`).slice(0, 40)}${"Z".repeat(17)}`;

/** Clients look for this header to know they must log in again. */
export function unauthorized() {
  return new Response("Unauthorized!\n", {
    status: 401,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "google-bad-token": "true",
      "x-reader-google-bad-token": "true",
    },
  });
}

/** The Auth token a client sends: `Authorization: GoogleLogin auth=<token>` (or `?auth=`). */
function authTokenOf(request: Request): string | undefined {
  const header = request.headers.get("authorization") ?? "";
  const match = /^GoogleLogin\s+auth=(.+)$/i.exec(header.trim());
  if (match) return match[1]!.trim();
  return new URL(request.url).searchParams.get("auth")?.trim() || undefined;
}

/** Resolves the Auth token (the app password: revoking it ends every client at once). */
export function readerAuth(database: DatabaseHandle) {
  return createMiddleware<{ Variables: ReaderVariables }>(async (c, next) => {
    const secret = authTokenOf(c.req.raw);
    const token = secret ? await findAppPassword(database, secret) : undefined;
    if (!secret || !token) return unauthorized();
    const wait = tokenRateLimit(database).take(token.id);
    if (wait > 0) {
      return new Response("Too many requests\n", {
        status: 429,
        headers: { "content-type": "text/plain; charset=utf-8", "retry-after": String(wait) },
      });
    }
    await touchToken(database, token);
    c.set("userId", token.userId);
    c.set("token", token);
    c.set("secret", secret);
    await next();
  });
}
