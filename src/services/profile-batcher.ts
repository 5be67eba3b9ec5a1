import { endpointInfo } from "../../contract/api/info.ts";
import type { PublicProfile } from "../../contract/profiles.ts";
import type { ApiCall } from "../api/call.ts";

/** Ids asked for within 100 ms go in one request; answers are fresh for 5 minutes. */
export const PROFILE_BATCH_WINDOW_MS = 100;
export const PROFILE_STALE_MS = 5 * 60_000;
/** The server takes at most 100 ids a request. */
const MAX_IDS = 100;

export interface ProfileBatcher {
  /** The profile (undefined for an unknown or deleted user, or when the request failed). */
  get(id: string): Promise<PublicProfile | undefined>;
}

interface Cached {
  profile: PublicProfile | undefined;
  at: number;
}

/**
 * Other users' names and avatars (POST profiles/batch). Concurrent asks for one id share a
 * request; a refused batch (non-zero code, or an error) answers nothing (the names are left out, never an error shown).
 */
export function createProfileBatcher(
  call: ApiCall,
  clock: { now(): number; later(run: () => void, ms: number): void } = {
    now: () => Date.now(),
    later: (run, ms) => void setTimeout(run, ms),
  },
): ProfileBatcher {
  const cache = new Map<string, Cached>();
  const inFlight = new Map<string, Promise<PublicProfile | undefined>>();
  let queued = new Map<string, (profile: PublicProfile | undefined) => void>();

  async function flush() {
    const batch = queued;
    queued = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += MAX_IDS) {
      const chunk = ids.slice(start, start + MAX_IDS);
      let data: Record<string, PublicProfile> = {};
      try {
        const answer = await call(endpointInfo.profiles.batch, { ids: chunk }, { silent: true });
        if (answer.code === 0) data = answer.data as Record<string, PublicProfile>;
      } catch {
        // Nothing to show: names fall back to "someone".
      }
      const at = clock.now();
      for (const id of chunk) {
        cache.set(id, { profile: data[id], at });
        inFlight.delete(id);
        batch.get(id)?.(data[id]);
      }
    }
  }

  return {
    get(id) {
      const cached = cache.get(id);
      if (cached && clock.now() - cached.at < PROFILE_STALE_MS) {
        return Promise.resolve(cached.profile);
      }
      const pending = inFlight.get(id);
      if (pending) return pending;
      const promise = new Promise<PublicProfile | undefined>((resolve) => {
        if (queued.size === 0) clock.later(() => void flush(), PROFILE_BATCH_WINDOW_MS);
        queued.set(id, resolve);
      });
      inFlight.set(id, promise);
      return promise;
    },
  };
}
