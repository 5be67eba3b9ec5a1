/**
 * Module-load failure: when a lazily loaded page chunk is missing, the app was most
 * likely redeployed under us, so reload once. A session flag makes sure a chunk that is really
 * broken ends on the error page instead of reloading forever. The flag lives for the whole tab
 * session: releasing it after any successful load could loop when one page loads a good chunk
 * and then a broken one.
 */
export const RELOAD_FLAG_KEY = "follow:chunk-reload";

export interface FlagStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** True (and the flag set) when a reload is allowed now; false when we already tried once. */
export function claimReload(storage: FlagStorage | undefined, now: number): boolean {
  if (!storage) return false;
  try {
    if (storage.getItem(RELOAD_FLAG_KEY) !== null) return false;
    storage.setItem(RELOAD_FLAG_KEY, String(now));
    return true;
  } catch {
    // Storage may be disabled (private mode); without a guard a reload could loop.
    return false;
  }
}
