/** When to check a feed next: from its observed update rate, its cache headers, or its failures. */
export const MIN_INTERVAL_MS = 10 * 60_000;
export const MAX_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * A healthy feed: half the average gap between its recent entries (so a new entry waits about
 * half a gap), never sooner than the server's cache lifetime asks, bounded to [10 min, 24 h].
 */
export function healthyInterval(
  recentPublishedAt: readonly string[],
  cacheLifetimeMs: number | null,
): number {
  const times = recentPublishedAt
    .map((t) => Date.parse(t))
    .filter((t) => !Number.isNaN(t))
    .sort((a, b) => b - a);
  let interval = MAX_INTERVAL_MS / 4;
  if (times.length >= 2) {
    const span = times[0]! - times[times.length - 1]!;
    interval = span / (times.length - 1) / 2;
  }
  if (cacheLifetimeMs !== null) interval = Math.max(interval, cacheLifetimeMs);
  return clamp(interval, MIN_INTERVAL_MS, MAX_INTERVAL_MS);
}

/** A failing feed: exponential backoff with ±20% jitter, capped, and never before Retry-After. */
export function failureInterval(
  failureCount: number,
  retryAfterSeconds: number | null,
  random = Math.random,
) {
  const exponent = Math.min(Math.max(failureCount - 1, 0), 16);
  const base = Math.min(MIN_INTERVAL_MS * 2 ** exponent, MAX_INTERVAL_MS);
  const jittered = base * (0.8 + 0.4 * random());
  const retryAfter = retryAfterSeconds !== null ? retryAfterSeconds * 1000 : 0;
  return clamp(Math.max(jittered, retryAfter), MIN_INTERVAL_MS / 2, MAX_INTERVAL_MS * 1.2);
}

/** Cache lifetime from Cache-Control max-age / s-maxage, else Expires. */
export function cacheLifetimeMs(headers: Record<string, string>, now = Date.now()): number | null {
  const control = headers["cache-control"];
  const maxAge = control ? /(?:s-maxage|max-age)=(\d+)/i.exec(control)?.[1] : undefined;
  if (maxAge) return Number(maxAge) * 1000;
  const expires = headers.expires ? Date.parse(headers.expires) : Number.NaN;
  return Number.isNaN(expires) ? null : Math.max(0, expires - now);
}

/** Updates per week over the recent entries (the feed analytics figure). */
export function updatesPerWeek(recentPublishedAt: readonly string[], now = Date.now()): number {
  const weekAgo = now - 7 * 24 * 60 * 60_000;
  return recentPublishedAt.filter((t) => Date.parse(t) >= weekAgo).length;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
