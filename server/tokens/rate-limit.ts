/**
 * Requests per token in a fixed window, counted in this process: a token in a runaway script
 * cannot starve the server for everyone else. Windows are forgotten once over.
 */
export class TokenRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly clock: () => number;

  constructor(limit: number, windowMs: number, clock: () => number = Date.now) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.clock = clock;
  }

  /** Counts one request; the seconds to wait when over the limit, else 0. */
  take(tokenId: string): number {
    const now = this.clock();
    if (this.windows.size > 10_000) {
      for (const [id, window] of this.windows) {
        if (now - window.start >= this.windowMs) this.windows.delete(id);
      }
    }
    let window = this.windows.get(tokenId);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(tokenId, window);
    }
    window.count += 1;
    if (window.count <= this.limit) return 0;
    return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
  }
}

/** Requests per minute one token may send when the server sets nothing else. */
export const TOKEN_REQUESTS_PER_MINUTE = 600;

const limits = new WeakMap<object, TokenRateLimit>();

/**
 * Sets the per-token budget of the server using this database handle (at start-up, from
 * TOKEN_RATE_LIMIT_MAX; none when rate limiting is off).
 */
export function setTokenRateLimit(
  database: object,
  rateLimit: { enabled: boolean; tokenMax: number },
): void {
  const perMinute = rateLimit.enabled ? rateLimit.tokenMax : Number.POSITIVE_INFINITY;
  limits.set(database, new TokenRateLimit(perMinute, 60_000));
}

/**
 * The one budget per token of this server, whichever door it comes through: personal access
 * tokens (Bearer) and app passwords (Google Reader, Fever).
 */
export function tokenRateLimit(database: object): TokenRateLimit {
  let limit = limits.get(database);
  if (!limit) {
    limit = new TokenRateLimit(TOKEN_REQUESTS_PER_MINUTE, 60_000);
    limits.set(database, limit);
  }
  return limit;
}
