import { COOKIE_MAX_AGE_CAP_SECONDS } from "../../contract/constants.ts";

/**
 * Enforces the cookie rules on every Set-Cookie we send, whoever built it:
 * `__Secure-` and `__Host-` names need the Secure flag (and `__Host-` a root path and no domain),
 * and max age (or expiry) is capped at 400 days. Returns null for a cookie that breaks a prefix
 * rule, since sending it would only be rejected by the browser.
 */
export function enforceCookieRules(setCookie: string): string | null {
  const [pair, ...rawAttributes] = setCookie.split(";").map((part) => part.trim());
  if (!pair) return null;
  const name = pair.slice(0, pair.indexOf("=")).trim();
  const attributes = rawAttributes.filter(Boolean);
  const has = (attr: string) => attributes.some((a) => a.toLowerCase().split("=")[0] === attr);
  if ((name.startsWith("__Secure-") || name.startsWith("__Host-")) && !has("secure")) return null;
  if (name.startsWith("__Host-")) {
    if (has("domain")) return null;
    const path = attributes.find((a) => a.toLowerCase().startsWith("path="));
    if (path?.slice(5) !== "/") return null;
  }
  const capped = attributes.map((attr) => {
    const [key, value] = attr.split("=");
    if (key?.toLowerCase() === "max-age" && Number(value) > COOKIE_MAX_AGE_CAP_SECONDS) {
      return `Max-Age=${COOKIE_MAX_AGE_CAP_SECONDS}`;
    }
    if (key?.toLowerCase() === "expires" && value) {
      const cap = Date.now() + COOKIE_MAX_AGE_CAP_SECONDS * 1000;
      if (Date.parse(value) > cap) return `Expires=${new Date(cap).toUTCString()}`;
    }
    return attr;
  });
  return [pair, ...capped].join("; ");
}

/** Rewrites a response's Set-Cookie headers through the rules; dropped cookies are logged. */
export function applyCookieRules(headers: Headers, onDropped: (cookie: string) => void): void {
  const cookies = headers.getSetCookie();
  if (cookies.length === 0) return;
  headers.delete("set-cookie");
  for (const cookie of cookies) {
    const fixed = enforceCookieRules(cookie);
    if (fixed === null) onDropped(cookie.split("=")[0] ?? "");
    else headers.append("set-cookie", fixed);
  }
}
