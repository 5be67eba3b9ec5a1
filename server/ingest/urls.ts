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

export function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}
