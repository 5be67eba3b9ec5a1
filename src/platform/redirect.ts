const PLACEHOLDER_ORIGIN = "http://follow.invalid";

/**
 * The post-sign-in target from `?redirect=`: only same-origin relative paths pass, so a crafted
 * link cannot send a freshly signed-in user to another site. Anything else becomes `/`.
 */
export function sanitizeRedirect(raw: unknown): string {
  if (typeof raw !== "string" || !raw.startsWith("/")) return "/";
  // "//host" and "/\host" are protocol-relative in browsers.
  if (raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  // Control characters and backslashes are rewritten by URL parsers; refuse them outright.
  if (raw.includes("\\") || [...raw].some((char) => char.charCodeAt(0) < 0x20)) return "/";
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return "/";
  // Going back to the login page after signing in would only bounce.
  if (url.pathname === "/login") return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login URL that brings the user back to `returnTo` afterwards. */
export function loginPathFor(returnTo: string): string {
  const target = sanitizeRedirect(returnTo);
  return target === "/" ? "/login" : `/login?redirect=${encodeURIComponent(target)}`;
}
