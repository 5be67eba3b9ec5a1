/** URL helpers shared by the stages: resolution against a base, and scheme checks. */

/** `url` resolved against `base` (itself possibly relative to nothing); null if unparseable. */
export function resolveUrl(url: string | null | undefined, base?: string | null): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  try {
    return new URL(trimmed, base ?? undefined).href;
  } catch {
    return null;
  }
}

/** Like resolveUrl, but only http(s) results survive (entry and feed links, images). */
export function resolveHttpUrl(
  url: string | null | undefined,
  base?: string | null,
): string | null {
  const resolved = resolveUrl(url, base);
  return resolved && /^https?:/i.test(resolved) ? resolved : null;
}

/** Resolves a chain of xml:base values, outermost first, onto a document URL. */
export function resolveBaseChain(
  documentUrl: string | null,
  ...bases: Array<string | null | undefined>
) {
  let current = documentUrl;
  for (const base of bases) {
    if (!base?.trim()) continue;
    current = resolveUrl(base, current) ?? current;
  }
  return current;
}

/**
 * An id written as a relative URL reference ("/posts/1", "../a.html") resolved against the
 * item's base, as feedparser and XML Base do. Ids with a scheme (tag:, urn:, http:) and opaque
 * tokens without a path separator ("12345", "post-1") are kept as written: they identify
 * without pointing anywhere, and rewriting them would change every stored entry's identity.
 */
export function resolveIdReference(id: string, base: string | null): string {
  if (!base || /^[a-z][a-z\d+.-]*:/i.test(id) || /\s/.test(id) || !/[/?#]|^\.\.?$/.test(id))
    return id;
  return resolveHttpUrl(id, base) ?? id;
}

export function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/**
 * An absolute http(s) URL already in the form the URL parser would write it, or null: lower-case
 * scheme and host (ending in a letter label, so never read as an IPv4 address), no port, a path
 * with no dot segments, and only characters no component escapes. For such a URL
 * `new URL(url).href === url`, and parsing it (most links in feed content) can be skipped.
 */
export function canonicalHttpUrl(url: string): string | null {
  return CANONICAL_HTTP_URL.test(url) ? url : null;
}

const LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";
const SEGMENT_CHAR = "[A-Za-z0-9\\-_~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2}";
// A segment may not start with "." or "%2e" (dot segments, which the parser resolves).
const SEGMENT = `(?:(?!\\.|%2[eE])(?:${SEGMENT_CHAR}|\\.)*)`;
const QUERY_CHAR = "[A-Za-z0-9\\-._~!$&()*+,;=:@/?]|%[0-9A-Fa-f]{2}";
const CANONICAL_HTTP_URL = new RegExp(
  `^https?://(?:${LABEL}\\.)*[a-z](?:[a-z0-9-]*[a-z0-9])?(?:/${SEGMENT})+` +
    `(?:\\?(?:${QUERY_CHAR})*)?(?:#(?:${QUERY_CHAR}|')*)?$`,
);
