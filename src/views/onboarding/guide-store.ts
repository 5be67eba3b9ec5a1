import type { KeyValueStorage } from "../../settings/storage.ts";

/** Set by a sign-up in this browser: the next signed-in screen offers the new-user guide. */
export const GUIDE_PENDING_KEY = "follow:onboarding:guide-pending";
/** The users (by id) the guide was shown to in this browser: never again for them. */
export const GUIDE_SHOWN_KEY = "follow:onboarding:guide-shown";
/** The fragment a provider sign-in that made a new account comes back with (newUserCallbackURL). */
export const NEW_USER_FRAGMENT = "#welcome";

function shownTo(storage: KeyValueStorage | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(GUIDE_SHOWN_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** An account was just made here: whoever signs in next is new. */
export function markGuidePending(storage: KeyValueStorage | undefined): void {
  try {
    storage?.setItem(GUIDE_PENDING_KEY, "1");
  } catch {
    // Storage disabled: no guide, which costs the user nothing they need.
  }
}

/** Whether `userId` is new here and has not been shown the guide yet. */
export function shouldShowGuide(storage: KeyValueStorage | undefined, userId: string): boolean {
  try {
    return storage?.getItem(GUIDE_PENDING_KEY) === "1" && !shownTo(storage).includes(userId);
  } catch {
    return false;
  }
}

/**
 * The guide is on screen for `userId`: it counts as shown from now on, so a reload (or leaving
 * it open and coming back) never brings it back. The list keeps the last 50 users.
 */
export function recordGuideShown(storage: KeyValueStorage | undefined, userId: string): void {
  try {
    const shown = shownTo(storage).filter((id) => id !== userId);
    storage?.setItem(GUIDE_SHOWN_KEY, JSON.stringify([...shown, userId].slice(-50)));
    storage?.removeItem(GUIDE_PENDING_KEY);
  } catch {
    // Storage disabled: the pending flag could not be set either.
  }
}

/** `callbackURL` for a provider sign-in that creates the account: the same place, marked new. */
export function newUserCallbackUrl(callbackUrl: string): string {
  return `${callbackUrl.split("#")[0]}${NEW_USER_FRAGMENT}`;
}

/**
 * At start-up, before the router may redirect it away: a URL marked new (a provider sign-in
 * that made the account) sets the guide pending, and the mark leaves the address bar.
 */
export function takeNewUserFragment(
  storage: KeyValueStorage | undefined,
  location: Pick<Location, "hash" | "pathname" | "search">,
  history: Pick<History, "state" | "replaceState">,
): void {
  if (location.hash !== NEW_USER_FRAGMENT) return;
  markGuidePending(storage);
  history.replaceState(history.state, "", `${location.pathname}${location.search}`);
}
