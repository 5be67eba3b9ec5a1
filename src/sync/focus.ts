import { filter, fromEvent, map, merge, type Observable } from "rxjs";

/** After this long without fresh data, refocusing the window refetches. */
export const REFOCUS_REFETCH_AFTER_MS = 10 * 60_000;

/** Emits when the window regains focus or becomes visible again. */
export type FocusSource = Observable<void>;

export function windowFocusSource(target: Window = window): FocusSource {
  return merge(
    fromEvent(target, "focus"),
    fromEvent(target.document, "visibilitychange").pipe(
      filter(() => target.document.visibilityState === "visible"),
    ),
  ).pipe(map(() => undefined));
}

/** Under 10 minutes since the last refresh: nothing; after longer: everything but entries. */
export function refocusRefetch(lastRefreshAt: number | undefined, now: number) {
  if (lastRefreshAt !== undefined && now - lastRefreshAt < REFOCUS_REFETCH_AFTER_MS) return null;
  return { entries: false } as const;
}

/** The clock, behind a service so refocus logic is tested without waiting. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
