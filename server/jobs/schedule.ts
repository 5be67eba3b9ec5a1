/**
 * When to check a feed next. A small model a person can check by hand:
 *
 * - the feed's rhythm: its recent entries give a rate per hour of the day (how many entries
 *   it published in that hour, per day observed), blended with its overall rate so a quiet
 *   hour is never taken as "never";
 * - the interval aims at a share of checks finding something new (`targetEntriesPerCheck`) at
 *   the current hour's rate: dense checks in the hours the feed usually publishes, sparse ones
 *   otherwise, and a quiet stretch ends no later than the next hour it usually publishes in;
 * - a periodic feed (regular gaps: daily, weekly) is not checked until half its period after its
 *   last entry;
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

/**
 * The share of checks meant to find something new: low (dense checks) for a feed publishing
 * about once a day, whose entry should be stored minutes after it appears; higher for a feed
 * publishing all day, which would otherwise cost a fetch every few minutes.
 */
export function targetEntriesPerCheck(perDay: number): number {
  return clamp(0.07 * perDay, 0.07, 0.5);
}
/** Share of the overall rate every hour keeps (a feed may publish at a new time of day). */
const BASELINE_SHARE = 0.2;
/** Recent entries the rhythm is read from. */
export const RHYTHM_HISTORY = 100;
/** A feed with fewer entries than this has no rhythm yet: checked every hour (bounded). */
const MIN_HISTORY = 3;
/** Gaps this regular (standard deviation under half the median) make a feed periodic. */
const REGULAR_SPREAD = 0.5;
const HOUR_MS = 3_600_000;
/** Retry-After is honoured up to a week; past that the server is not taken at its word. */
const MAX_RETRY_AFTER_MS = 7 * 24 * HOUR_MS;

export interface Rhythm {
  /** Entries per hour for each UTC hour of the day (the busier of it and the hour before, so a
   * feed usually publishing at 09:55 is still watched closely at 10:10), blended with the
   * overall rate. */
  perHour: number[];
  /** Entries per day over the history read. */
  perDay: number;
  /** The median gap between entries, when they come at regular intervals (daily, weekly). */
  regularGapMs: number | null;
  /** The newest entry. */
  lastMs: number;
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
  const perHour = counts.map((_, hour) => {
    const busiest = Math.max(counts[(hour + 23) % 24]!, counts[hour]!);
    return (1 - BASELINE_SHARE) * (busiest / days) + BASELINE_SHARE * overallPerHour;
  });
  return {
    perHour,
    perDay: overallPerHour * 24,
    regularGapMs: regularGap(times),
    lastMs: times[times.length - 1]!,
  };
}

function regularGap(times: readonly number[]): number | null {
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  if (gaps.length < 2) return null;
  const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
  const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const spread = Math.sqrt(gaps.reduce((a, g) => a + (g - mean) ** 2, 0) / gaps.length);
  return median > 0 && spread < REGULAR_SPREAD * median ? median : null;
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

/**
 * At the current hour's rate, the gap giving the target entries per check. A periodic feed
 * whose entry came recently waits half its period first (nothing is due yet); a quiet stretch
 * stops at the next hour the feed is busier in.
 */
function rhythmInterval(rhythm: Rhythm, now: number, bounds: ScheduleBounds): number {
  const hour = new Date(now).getUTCHours();
  const rate = rhythm.perHour[hour]!;
  const target = targetEntriesPerCheck(rhythm.perDay);
  let interval = rate > 0 ? (target / rate) * HOUR_MS : bounds.maxMs;
  const notDueFor =
    rhythm.regularGapMs !== null ? rhythm.lastMs + rhythm.regularGapMs / 2 - now : 0;
  interval = Math.max(interval, notDueFor);
  // The first hour from then on whose rate asks for a shorter gap than the current one.
  const from = now + Math.max(notDueFor, 0);
  const startOfNextHour = from - (from % HOUR_MS) + HOUR_MS;
  for (let ahead = 0; ahead < 24; ahead++) {
    const at = startOfNextHour + ahead * HOUR_MS;
    if (at - now >= interval) break;
    const laterRate = rhythm.perHour[new Date(at).getUTCHours()]!;
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
