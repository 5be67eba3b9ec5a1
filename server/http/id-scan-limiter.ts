import type { Context } from "hono";
import { ApiError } from "./api-error.ts";

/**
 * A per-user token bucket for lookups by id of things the user has no tie to (issue 10, M1):
 * snowflake ids are enumerable, and 4,000 feed ids scanned in 6 s once found all of another
 * user's feeds. A user gets `capacity` such lookups at once, then one per `refillMs`; past
 * that the answer is 429 / 12000 with a Retry-After. Lookups of the user's own subscriptions
 * never count. Kept in memory: each API process has its own budget, which still bounds a scan
 * to a few hundred ids a minute per process.
 */
export class IdScanLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly capacity: number;
  private readonly refillMs: number;

  constructor(options: { capacity: number; refillMs: number }) {
    this.capacity = options.capacity;
    this.refillMs = options.refillMs;
  }

  /** Takes one lookup from the user's budget; false (nothing taken) when it is spent. */
  take(userId: string, now = Date.now()): boolean {
    const bucket = this.buckets.get(userId) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.at) / this.refillMs);
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(userId, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.delete(userId); // re-inserted last: the map stays in least-recently-used order
    this.buckets.set(userId, bucket);
    if (this.buckets.size > MAX_USERS) this.forgetOldest();
    return true;
  }

  /** Milliseconds until the next lookup is allowed. */
  waitMs(userId: string, now = Date.now()): number {
    const bucket = this.buckets.get(userId);
    if (!bucket) return 0;
    const tokens = bucket.tokens + (now - bucket.at) / this.refillMs;
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) * this.refillMs);
  }

  /** Throws 429 / 12000 when the user's budget is spent. */
  takeOrThrow(c: Context, userId: string): void {
    if (this.take(userId)) return;
    c.header("retry-after", String(Math.max(1, Math.ceil(this.waitMs(userId) / 1000))));
    throw new ApiError(12000, "Too many lookups of feeds you do not subscribe to; slow down");
  }

  private forgetOldest() {
    const oldest = this.buckets.keys().next().value;
    if (oldest !== undefined) this.buckets.delete(oldest);
  }
}

/** Bounds memory: a forgotten user simply starts with a full bucket again. */
const MAX_USERS = 50_000;

/** 30 lookups at once, then one every 2 s: browsing discovery never notices, a scan crawls. */
export const ID_SCAN_BUDGET = { capacity: 30, refillMs: 2_000 };

const limiters = new WeakMap<object, IdScanLimiter>();

/** One limiter per app (keyed by its database handle), shared by every route that looks ids up. */
export function idScanLimiterFor(owner: object): IdScanLimiter {
  let limiter = limiters.get(owner);
  if (!limiter) {
    limiter = new IdScanLimiter(ID_SCAN_BUDGET);
    limiters.set(owner, limiter);
  }
  return limiter;
}
