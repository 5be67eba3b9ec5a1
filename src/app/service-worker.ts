/** How often an open tab asks whether a new build's worker is out (browsers ask on loads). */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers public/sw.js, which keeps the app shell (index.html and the hashed assets) so the
 * app reloads while offline and opens the local database (the app works offline). Production
 * builds only: the dev server's modules are not hashed and must never come from a cache.
 *
 * Each build's worker has its own cache (scripts/sw-build-version.ts) and takes over open tabs
 * at once; the previous build's cache stays for them, so a tab that stays open for days still
 * loads its pages. Such a tab asks for a new worker when it comes back into view, at most hourly.
 */
export function registerServiceWorker(target: Window = window): void {
  // MODE, not PROD: a production build made under a test runner has NODE_ENV=test.
  if (import.meta.env.MODE !== "production" || !("serviceWorker" in target.navigator)) return;
  const register = async () => {
    try {
      const registration = await target.navigator.serviceWorker.register("/sw.js", { scope: "/" });
      let checkedAt = Date.now();
      target.document.addEventListener("visibilitychange", () => {
        if (target.document.visibilityState !== "visible") return;
        if (Date.now() - checkedAt < UPDATE_CHECK_MS) return;
        checkedAt = Date.now();
        // Offline, or the server is down: the next look will do.
        registration.update().catch(() => undefined);
      });
    } catch (error) {
      console.warn("Service worker registration failed", error);
    }
  };
  // After the page's own loading, so the precache does not compete with it.
  if (target.document.readyState === "complete") void register();
  else target.addEventListener("load", () => void register(), { once: true });
}
