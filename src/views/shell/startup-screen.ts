import type { StartupScreen } from "../../settings/general.ts";

/** A timeline with no entry open: where the app lands when it starts (not a deep link). */
const LANDING = /^\/timeline\/[^/]+\/[^/]+\/pending\/?$/;

/**
 * startupScreen: on the one-column layout, an app started on its landing timeline
 * shows the subscription column first when the user chose "subscription".
 */
export function startsOnSubscriptions(screen: StartupScreen, pathname: string): boolean {
  return screen === "subscription" && LANDING.test(pathname);
}
