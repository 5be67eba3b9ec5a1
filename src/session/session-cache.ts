import type { Role, SessionUser } from "../../contract/session.ts";

/**
 * The last known signed-in user (the cached session holds a user object). Read
 * only when the session check gets no answer at all, so a reload while offline still opens the
 * local data of the user who was signed in; any real answer from the server replaces it.
 */
export interface SessionCache {
  read(): { user: SessionUser; role: Role | null } | null;
  write(value: { user: SessionUser; role: Role | null } | null): void;
}

const KEY = "follow:session";

export function localSessionCache(storage: () => Storage = () => localStorage): SessionCache {
  return {
    read() {
      try {
        const text = storage().getItem(KEY);
        const parsed = text ? (JSON.parse(text) as { user?: SessionUser; role?: Role }) : null;
        return parsed?.user?.id ? { user: parsed.user, role: parsed.role ?? null } : null;
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        if (value) storage().setItem(KEY, JSON.stringify(value));
        else storage().removeItem(KEY);
      } catch {
        // Storage disabled: offline reloads simply need the network.
      }
    },
  };
}

/** An in-memory cache (tests, and shells without storage). */
export function memorySessionCache(): SessionCache {
  let value: ReturnType<SessionCache["read"]> = null;
  return {
    read: () => value,
    write(next) {
      value = next;
    },
  };
}
