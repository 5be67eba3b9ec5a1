import type { Role, SessionUser } from "../../contract/session.ts";

/** Session status. `unknown` until the first get-session call starts. */
export type SessionStatus = "unknown" | "loading" | "authenticated" | "unauthenticated" | "error";

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** The current role from the session response (admin or user). */
  role: Role | null;
  error: unknown;
}

export const INITIAL_SESSION: SessionState = {
  status: "unknown",
  user: null,
  role: null,
  error: null,
};

export const SIGNED_OUT: SessionState = {
  status: "unauthenticated",
  user: null,
  role: null,
  error: null,
};

/** A tiny external store for useSyncExternalStore: immutable snapshots, synchronous listeners. */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      if (Object.is(next, state)) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
