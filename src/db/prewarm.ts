import type { BrowserDatabase } from "./client.ts";
import { storageWait } from "./storage-wait.ts";

/** Long enough for any sign-in check; an early database nobody took is then closed. */
const UNCLAIMED_CLOSE_MS = 30_000;

let early: Promise<BrowserDatabase> | undefined;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

const open = async () => {
  const { openBrowserDatabase } = await import("./client.ts");
  try {
    return await openBrowserDatabase({ onWaiting: (reason) => storageWait.set(reason) });
  } finally {
    storageWait.set(undefined);
  }
};

/**
 * Starts opening follow.db (worker, wasm, file, migrations) as the page starts, for a
 * returning signed-in user, so it overlaps translations, the session check and the first
 * render instead of following them (issue #5: cold start to the first rows).
 */
export function prewarmDatabase(): void {
  if (early || typeof Worker === "undefined") return;
  early = open();
  early.catch(() => undefined);
  closeTimer = setTimeout(() => {
    const unclaimed = early;
    early = undefined;
    void unclaimed?.then((db) => db.close()).catch(() => undefined);
  }, UNCLAIMED_CLOSE_MS);
}

/** The database opened early (once), else a new one; an early open that failed is retried. */
export function openDatabase(): Promise<BrowserDatabase> {
  const taken = early;
  early = undefined;
  if (closeTimer !== undefined) clearTimeout(closeTimer);
  return taken ? taken.catch(open) : open();
}
