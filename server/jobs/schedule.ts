/**
 * When to check a feed next. A small model a person can check by hand:
 *
 * - the feed's rhythm: its recent entries give a rate per hour of the day (how many entries
 *   it published in that hour, per day observed), blended with its overall rate so a quiet
 *   hour is never taken as "never";
 * - the interval aims at about `TARGET_ENTRIES_PER_CHECK` new entries per check at the current
 *   hour's rate: dense checks in the hours the feed usually publishes, sparse ones otherwise,
 *   and a quiet stretch ends no later than the start of the next hour it usually publishes in;
 * - never sooner than the feed or its server ask (Cache-Control max-age, Expires, RSS `<ttl>`,
 *   `<sy:updatePeriod>`/`<sy:updateFrequency>`), always within the operator's bounds;
 * - a failing feed backs off exponentially, never before the server's Retry-After.
 */
export interface ScheduleBounds {
  minMs: number;
  maxMs: number;
}

export const DEFAULT_MIN_INTERVAL_MS = 5 * 60_000;
export const DEFAULT_MAX_INTERVAL_MS = 24 * 60 * 60_000;
export const DEFAULT_BOUNDS: ScheduleBounds = {
  minMs: DEFAULT_MIN_INTERVAL_MS,
  maxMs: DEFAULT_MAX_INTERVAL_MS,
};

/** About one check in four finds something new at the expected rate. */
export const TARGET_ENTRIES_PER_CHECK = 0.25;
/** Share of the overall rate every hour keeps (a feed may publish at a new time of day). */
const BASELINE_SHARE = 0.2;
/** A feed with fewer entries than this has no rhythm yet: checked every hour (bounded). */
const MIN_HISTORY = 3;
const HOUR_MS = 3_600_000;
/** Retry-After is honoured up to a week; past that the server is not taken at its word. */
const MAX_RETRY_AFTER_MS = 7 * 24 * HOUR_MS;

export interface Rhythm {
  /** Entries per hour for each UTC hour of the day, blended with the overall rate. */
  perHour: number[];
  /** Entries per week over the history read. */
  perWeek: number;
}

/** The rhythm of a feed from its recent publication times (ms since the epoch); null if too few. */
export function feedRhythm(publishedAt: readonly number[], now: number): Rhythm | null {
  const times = publishedAt.filter((t) => Number.isFinite(t) && t <= now).sort((a, b) => a - b);
  if (times.length < MIN_HISTORY) return null;
  // Observed from the first entry to now; at least a day so one burst is not read as a rate.
  const spanMs = Math.max(now - times[0]!, 24 * HOUR_MS);
  const days = spanMs / (24 * HOUR_MS);
  const counts = new Array<number>(24).fill(0);
  for (const t of times) counts[new Date(t).getUTCHours()]!++;
  const overallPerHour = times.length / (spanMs / HOUR_MS);
  const perHour = counts.map(
    (count) => (1 - BASELINE_SHARE) * (count / days) + BASELINE_SHARE * overallPerHour,
  );
  return { perHour, perWeek: overallPerHour * 24 * 7 };
}

/** What the feed and its server ask for: the longest of their lifetimes, in ms, or null. */
export interface PollHints {
  cacheMs: number | null;
  feedMs: number | null;
}

/** The delay until a healthy feed's next check. */
export function nextCheckDelay(
  publishedAt: readonly number[],
  now: number,
  hints: PollHints,
  bounds: ScheduleBounds = DEFAULT_BOUNDS,
): number {
  const rhythm = feedRhythm(publishedAt, now);
  let interval = rhythm ? rhythmInterval(rhythm, now, bounds) : HOUR_MS;
  const asked = Math.max(hints.cacheMs ?? 0, hints.feedMs ?? 0);
  interval = Math.max(interval, asked);
  return clamp(interval, bounds.minMs, bounds.maxMs);
}

/** At the current hour's rate, the gap giving the target entries per check; a quiet stretch
 * stops at the next hour the feed is busier in. */
function rhythmInterval(rhythm: Rhythm, now: number, bounds: ScheduleBounds): number {
  const hour = new Date(now).getUTCHours();
  const rate = rhythm.perHour[hour]!;
  const interval = rate > 0 ? (TARGET_ENTRIES_PER_CHECK / rate) * HOUR_MS : bounds.maxMs;
  // The first later hour whose rate would ask for a shorter gap than this one.
  const startOfNextHour = now - (now % HOUR_MS) + HOUR_MS;
  for (let ahead = 0; ahead < 24; ahead++) {
    const at = startOfNextHour + ahead * HOUR_MS;
    if (at - now >= interval) break;
    const laterRate = rhythm.perHour[(hour + 1 + ahead) % 24]!;
    if (laterRate > rate * 1.5) return Math.max(at - now, bounds.minMs);
  }
  return interval;
}

/** A failing feed: exponential backoff with ±20% jitter, capped, and never before Retry-After. */
export function failureInterval(
  failureCount: number,
  retryAfterSeconds: number | null,
  bounds: ScheduleBounds = DEFAULT_BOUNDS,
  random = Math.random,
) {
  const exponent = Math.min(Math.max(failureCount - 1, 0), 16);
  const base = Math.min(bounds.minMs * 2 ** exponent, bounds.maxMs);
  const jittered = clamp(base * (0.8 + 0.4 * random()), bounds.minMs, bounds.maxMs * 1.2);
  const retryAfter = retryAfterSeconds !== null ? retryAfterSeconds * 1000 : 0;
  return Math.max(jittered, Math.min(retryAfter, MAX_RETRY_AFTER_MS));
}

/** Cache lifetime from Cache-Control max-age / s-maxage, else Expires. */
export function cacheLifetimeMs(headers: Record<string, string>, now = Date.now()): number | null {
  const control = headers["cache-control"];
  if (control && /(?:^|,)\s*(?:no-cache|no-store)\b/i.test(control)) return null;
  const maxAge = control ? /(?:s-maxage|max-age)\s*=\s*"?(\d+)/i.exec(control)?.[1] : undefined;
  if (maxAge) return Number(maxAge) * 1000;
  const expires = headers.expires ? Date.parse(headers.expires) : Number.NaN;
  return Number.isNaN(expires) ? null : Math.max(0, expires - now);
}

/** Updates per week over the recent entries (the feed analytics figure). */
export function updatesPerWeek(recentPublishedAt: readonly string[], now = Date.now()): number {
  const weekAgo = now - 7 * 24 * HOUR_MS;
  return recentPublishedAt.filter((t) => Date.parse(t) >= weekAgo).length;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
