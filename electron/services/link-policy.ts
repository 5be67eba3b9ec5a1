/**
 * Where a URL may open. The app's window only ever shows the app's own origin (it is the one
 * page with the bridge); everything else goes to the system browser, or, when the user turned
 * `openLinksInExternalApp` off, to a viewer window with no bridge and a session of its own.
 * Anything that is not http(s) or mailto is refused (file:, javascript:, custom schemes).
 */
export type LinkDecision = "app" | "system" | "viewer" | "deny";

export function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

export function isAppUrl(url: string, appOrigin: string): boolean {
  return parseUrl(url)?.origin === appOrigin;
}

/** Links the system may open: web pages and mail. */
export function isExternalOpenable(url: string): boolean {
  const parsed = parseUrl(url);
  return parsed !== null && ["http:", "https:", "mailto:"].includes(parsed.protocol);
}

/** The app window navigates: stay only within the app's origin. */
export function decideNavigation(url: string, appOrigin: string): LinkDecision {
  if (isAppUrl(url, appOrigin)) return "app";
  return isExternalOpenable(url) ? "system" : "deny";
}

/** The app window asks for a new window (target=_blank, window.open). */
export function decideNewWindow(
  url: string,
  appOrigin: string,
  openLinksExternally: boolean,
): LinkDecision {
  if (isAppUrl(url, appOrigin)) return "app";
  if (!isExternalOpenable(url)) return "deny";
  if (openLinksExternally || parseUrl(url)?.protocol === "mailto:") return "system";
  return "viewer";
}
