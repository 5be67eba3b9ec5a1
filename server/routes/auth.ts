import { type Context, Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import type { ErrorCode } from "../../contract/errors.ts";
import { passwordRefusal } from "../accounts/common-passwords.ts";
import { type Auth, CLIENT_IP_HEADER } from "../auth.ts";
import { ApiError } from "../http/api-error.ts";
import { clientIp } from "../http/client-info.ts";
import { applyCookieRules } from "../http/cookies.ts";
import { passThrough, route } from "../http/route.ts";
import type { Logger } from "../logger.ts";

/** better-auth's statuses mapped onto our catalogue; its own message becomes the reason. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 1002,
  401: 1000,
  403: 1004,
  404: 1002,
  422: 3,
  429: 12000,
};

/**
 * Mounts better-auth under `<base>/better-auth`. Requests get the peer address in a header only
 * we set (so the rate limiter cannot be fooled by a client header); answers get our error body
 * and the cookie rules.
 */
export function authRoutes(
  auth: Auth,
  options: {
    trustProxy: boolean;
    logger: Logger;
    /** The configured social sign-in providers (server/auth-providers.ts). */
    providers?: readonly { id: string; name: string }[];
  },
) {
  const app = new Hono();
  const providers = [...(options.providers ?? [])];
  route(app, endpoints.auth.providers, () => ({ code: 0 as const, data: providers }));
  const handle = async (c: Context) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, options.trustProxy));
    const request = new Request(c.req.raw, { headers });
    const response = await auth.handler(request);
    const out = new Headers(response.headers);
    applyCookieRules(out, (name) =>
      options.logger.warn({ cookie: name }, "dropped cookie breaking prefix rules"),
    );
    if (response.status < 400) {
      return new Response(response.body, { status: response.status, headers: out });
    }
    const error = await toApiError(response);
    out.set("content-type", "application/json; charset=utf-8");
    out.delete("content-length");
    // A rate-limited request is refused before its body is read; the unread rest would poison
    // a kept-alive socket for the next request (seen with a 20 kB body): close it instead.
    if (response.status === 429) out.set("connection", "close");
    return new Response(JSON.stringify(error.toBody()), { status: response.status, headers: out });
  };
  // better-auth keeps setPassword to the server: a provider-only account gets one here.
  route(app, endpoints.auth.setPassword, async ({ request }, c) => {
    const refusal = await passwordRefusal(request.newPassword, c.req.header("accept-language"));
    if (refusal) throw new ApiError(1002, refusal);
    const answer = await auth.api.setPassword({
      body: { newPassword: request.newPassword },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    if (!answer.ok) throw await toApiError(answer);
    return { status: true };
  });
  // The calls the client makes are in the table; better-auth answers the rest of its API too.
  const ours = new Set<unknown>([endpoints.auth.providers, endpoints.auth.setPassword]);
  for (const endpoint of Object.values(endpoints.auth)) {
    if (!ours.has(endpoint)) passThrough(app, endpoint, handle);
  }
  app.all("/*", handle);
  return app;
}

/** better-auth's error codes (and ours from accounts/account-rules.ts) that have one in the catalogue. */
const CODE_BY_NAME: Record<string, ErrorCode> = {
  EMAIL_NOT_VERIFIED: 1006,
  TWO_FACTOR_CODE_REQUIRED: 4008,
  INVALID_CODE: 4007,
  INVALID_BACKUP_CODE: 4007,
};

async function toApiError(response: Response): Promise<ApiError> {
  let reason: string | null = null;
  let name: string | undefined;
  try {
    const body = (await response.json()) as { message?: unknown; code?: unknown };
    if (typeof body.code === "string") name = body.code;
    if (typeof body.message === "string" && body.message) reason = body.message;
    else if (typeof body.code === "string") reason = body.code;
  } catch {
    reason = response.statusText || null;
  }
  const code =
    (name ? CODE_BY_NAME[name] : undefined) ??
    CODE_BY_STATUS[response.status] ??
    (response.status >= 500 ? 1005 : 1002);
  return new ApiError(code, reason, response.status);
}
