import { APP_VERSION } from "../../../contract/constants.ts";
import type { ClientObservability } from "../../../contract/observability/client-settings.ts";
import { createAnalytics } from "./analytics.ts";
import { connectProductEvents } from "./product-events.ts";

let stopPrevious: (() => void) | undefined;

/**
 * Starts analytics for the signed-in user (anonymous → identified) once the user allows it;
 * `allowed` is asked again before every send, so turning the setting off stops them at once.
 */
export function startAnalytics(
  settings: NonNullable<ClientObservability["analytics"]>,
  userId: string | undefined,
  allowed: () => boolean,
): Promise<void> {
  const analytics = createAnalytics({
    host: settings.host,
    key: settings.key,
    allowed,
    storage: globalThis.localStorage,
  });
  // One analytics client at a time: a sign-out and sign-in starts a new one.
  stopPrevious?.();
  const onPopstate = () => analytics.notePopstate();
  globalThis.addEventListener?.("popstate", onPopstate);
  stopPrevious = () => globalThis.removeEventListener?.("popstate", onPopstate);
  // Identified first: events kept from before (the sign-up) then go out as this user's.
  // Person properties that name nobody: the app's version and the interface language.
  const properties = {
    app_version: APP_VERSION,
    ui_language: globalThis.document?.documentElement.lang || "en",
  };
  return analytics.identify(userId, properties).then(() => connectProductEvents(analytics));
}
