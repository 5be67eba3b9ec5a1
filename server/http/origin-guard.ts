import type { MiddlewareHandler } from "hono";
import { ApiError } from "./api-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** What a browser sends for a request its own page (or the user, by address bar) started. */
const OWN_SITE = new Set(["same-origin", "none"]);

/**
 * CSRF defence for state-changing API requests (issue 10, M2). SameSite=Lax cookies still go
 * along with a form or `fetch` from another port of the same host, and a
 * `text/plain; charset=application/json` body needs no preflight, so a write must:
 *
 * - come from a trusted origin: an `Origin` that is one of the configured app origins or has the
 *   host (and port) the request was sent to, or `Sec-Fetch-Site: same-origin`/`none`. A request
 *   with neither header is not from a browser page (curl, tests, server-to-server) and passes:
 *   browsers send `Origin` on every cross-origin POST, PUT, PATCH and DELETE;
 * - carry a body, if any, of media type `application/json` exactly (no form or text types), or
 *   raw bytes (`image/*`, `application/octet-stream`: an avatar upload). Neither is a type a
 *   cross-site page may send without a CORS preflight, which this server never grants.
 */
export function originGuard(options: { trustedOrigins: readonly string[] }): MiddlewareHandler {
  const trusted = new Set(options.trustedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const fromBrowserPage = origin !== undefined || site !== undefined;
    if (fromBrowserPage && !OWN_SITE.has(site ?? "")) {
      if (origin === undefined || !isTrustedOrigin(origin, trusted, c.req.header("host"))) {
        throw new ApiError(1004, refusedOriginReason(origin));
      }
    }
    const type = c.req.header("content-type");
    if (hasBody(c.req.raw.headers) && !isJsonMediaType(type) && !isBinaryMediaType(type)) {
      throw new ApiError(1002, "Expected a JSON body (content-type: application/json)");
    }
    return next();
  };
}

function isTrustedOrigin(origin: string, trusted: Set<string>, host: string | undefined): boolean {
  if (trusted.has(origin)) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file pages) and anything unparsable
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  return host !== undefined && parsed.host === host.toLowerCase();
}

function hasBody(headers: Headers): boolean {
  if (headers.has("transfer-encoding")) return true;
  const length = headers.get("content-length");
  return length !== null && length.trim() !== "0";
}

/** Uploads: an image or raw bytes (both need a preflight cross-site, unlike form types). */
function isBinaryMediaType(contentType: string | undefined): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return /^image\/[a-z0-9.+-]+$/.test(type) || type === "application/octet-stream";
}

/** `application/json`, parameters (charset) allowed; `text/plain; charset=application/json` not. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  return contentType.split(";")[0]!.trim().toLowerCase() === "application/json";
}

/** Says which setting lets a refused page's origin write (the operator reads it in the toast). */
export function refusedOriginReason(origin: string | undefined): string {
  return (
    `Cross-origin write refused from ${origin ?? "an unknown origin"}: open the app at its ` +
    "PUBLIC_URL, or add this origin to TRUSTED_ORIGINS"
  );
}
