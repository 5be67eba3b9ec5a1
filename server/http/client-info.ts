import type { Context } from "hono";
import { REQUEST_HEADERS } from "../../contract/constants.ts";

/** What the client says about itself in its X-App-* request headers (contract/constants.ts); logged with every request. */
export interface ClientInfo {
  platform: string | undefined;
  appName: string | undefined;
  appVersion: string | undefined;
  dev: boolean;
  clientId: string | undefined;
  sessionId: string | undefined;
}

const MAX_HEADER = 128;

export function readClientInfo(c: Context): ClientInfo {
  const header = (name: string) => c.req.header(name)?.slice(0, MAX_HEADER);
  return {
    platform: header(REQUEST_HEADERS.platform),
    appName: header(REQUEST_HEADERS.appName),
    appVersion: header(REQUEST_HEADERS.appVersion),
    dev: header(REQUEST_HEADERS.dev) === "1",
    clientId: header(REQUEST_HEADERS.clientId),
    sessionId: header(REQUEST_HEADERS.sessionId),
  };
}

/** The peer address: the socket's, or the first forwarded hop when the operator trusts a proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}
