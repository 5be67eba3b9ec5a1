/**
 * The Content-Security-Policy of the app's window. The server sends its own (server/app.ts);
 * a self-hosted server behind a proxy may not, so the desktop app adds this one to every
 * app-origin document that arrives without one. No inline scripts, no eval (WebAssembly
 * compilation only, for wa-sqlite), no plugins, no framing of the app.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "connect-src 'self'",
  "frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function withAppCsp(
  url: string,
  appOrigin: string,
  headers: Record<string, string[]>,
): Record<string, string[]> {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return headers;
  }
  if (origin !== appOrigin) return headers;
  const has = Object.keys(headers).some((name) => name.toLowerCase() === "content-security-policy");
  return has ? headers : { ...headers, "Content-Security-Policy": [APP_CSP] };
}
