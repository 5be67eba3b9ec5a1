import { type SpotlightMatcher, spotlightRanges } from "./spotlight-match.ts";

/**
 * Which entries the spotlight raises or announces: pure, so the rules are tested apart from
 * the database and the notification channels.
 */

/** An entry as the raise and notify queries read it (description cut short by the query). */
export interface SpotlightCandidate {
  id: string;
  title: string | null;
  description: string | null;
}

/** Raised entries one timeline keeps at most (the section shows the first few). */
export const RAISE_LIMIT = 20;

/** Whether a keyword of `matcher` occurs in the entry's title or description. */
export function spotlightMatches(entry: SpotlightCandidate, matcher: SpotlightMatcher): boolean {
  return (
    spotlightRanges(entry.title ?? "", matcher).length > 0 ||
    spotlightRanges(entry.description ?? "", matcher).length > 0
  );
}

/** The candidates (newest unread first, already bounded by the query) a raise keyword matches. */
export function raisedEntries(
  candidates: readonly SpotlightCandidate[],
  matcher: SpotlightMatcher | null,
  limit = RAISE_LIMIT,
): SpotlightCandidate[] {
  if (!matcher) return [];
  const raised: SpotlightCandidate[] = [];
  for (const entry of candidates) {
    if (raised.length >= limit) break;
    if (spotlightMatches(entry, matcher)) raised.push(entry);
  }
  return raised;
}

/** Notifications one batch of arrivals raises one by one; past it, one summary says how many more. */
export const NOTIFY_BATCH = 3;

/** What the notifier remembers: the entries it has seen (at start or since) and announced. */
export interface ArrivalState {
  /** null until the first look: what is there then is never announced. */
  seen: Set<string> | null;
  /** Announced already, here or in another tab (checked and filled through these calls). */
  wasNotified(id: string): boolean;
  markNotified(id: string): void;
}

/**
 * The new unread entries of one look at the newest unread ones that a notify keyword matches in
 * the title: not those there at the first look, not those announced before. Every entry looked
 * at is remembered as seen, matching or not, so none is considered twice.
 */
export function arrivalsToNotify(
  state: ArrivalState,
  unread: readonly SpotlightCandidate[],
  matcher: SpotlightMatcher | null,
): { notify: SpotlightCandidate[]; more: number } {
  if (state.seen === null) {
    state.seen = new Set(unread.map((entry) => entry.id));
    return { notify: [], more: 0 };
  }
  const matched: SpotlightCandidate[] = [];
  for (const entry of unread) {
    if (state.seen.has(entry.id)) continue;
    state.seen.add(entry.id);
    if (!matcher || state.wasNotified(entry.id)) continue;
    if (spotlightRanges(entry.title ?? "", matcher).length === 0) continue;
    state.markNotified(entry.id);
    matched.push(entry);
  }
  return {
    notify: matched.slice(0, NOTIFY_BATCH),
    more: Math.max(0, matched.length - NOTIFY_BATCH),
  };
}
