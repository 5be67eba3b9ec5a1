/**
 * Registers public/sw.js, which keeps the app shell (index.html and the hashed assets) so the
 * app reloads while offline and opens the local database (SPEC §4: offline use). Production
 * builds only: the dev server's modules are not hashed and must never come from a cache.
 */
export function registerServiceWorker(target: Window = window): void {
  // MODE, not PROD: a production build made under a test runner has NODE_ENV=test.
  if (import.meta.env.MODE !== "production" || !("serviceWorker" in target.navigator)) return;
  const register = () =>
    target.navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      console.warn("Service worker registration failed", error);
    });
  // After the page's own loading, so the precache does not compete with it.
  if (target.document.readyState === "complete") void register();
  else target.addEventListener("load", () => void register(), { once: true });
}
