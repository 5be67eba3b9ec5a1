import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiCall } from "../api/call.ts";
import { isFetchError } from "../api/fetch-error.ts";
import {
  resetAnalyticsIdentity,
  trackProductEvent,
} from "../services/observability/product-events.ts";
import { memorySessionCache, type SessionCache } from "./session-cache.ts";
import {
  createStore,
  INITIAL_SESSION,
  type SessionState,
  SIGNED_OUT,
  type Store,
} from "./session-store.ts";

/** The slice of the API client the session needs: its typed call (tests fake it). */
export type SessionFetch = ApiCall;

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  name: string;
}

/** A profile edit: only the fields given change; an empty string clears one. */
export interface ProfileEdit {
  name?: string;
  image?: string | null;
  handle?: string;
  bio?: string;
  website?: string;
  socialLinks?: Record<string, string>;
}

export interface SessionService {
  store: Store<SessionState>;
  /** Resolves once the session is known, loading it on first use (or after an error). */
  ensureLoaded(): Promise<SessionState>;
  refresh(): Promise<SessionState>;
  /**
   * Errors are not toasted: the login form shows them inline. A user with two-factor on is not
   * signed in yet: `twoFactorRequired` says to ask for the code (verifySecondFactor).
   */
  signIn(input: SignInInput): Promise<SessionState & { twoFactorRequired?: boolean }>;
  /**
   * Optimistic: the user shows the edit at once; a refusal puts the previous user
   * back and rethrows; success reloads the session from the server.
   */
  updateProfile(edit: ProfileEdit): Promise<SessionState>;
  /** Finishes a two-factor sign-in with a TOTP or a backup code (4007 when wrong). */
  verifySecondFactor(code: string, kind: "totp" | "backup"): Promise<SessionState>;
  /**
   * Signs up, then in: sign-up answers alike for a new and a registered address and signs
   * nobody in. `checkInbox` when the sign-in after it is refused: the address already had an
   * account (its owner was mailed), so no new one was made. `twoFactorRequired` as for signIn.
   */
  signUp(
    input: SignUpInput,
  ): Promise<SessionState & { twoFactorRequired?: boolean; checkInbox?: boolean }>;
  signOut(): Promise<void>;
  /** The server said 401: forget the user without another request. */
  markSignedOut(): void;
  /**
   * Work that must stop before the sign-out request goes (the runtime's sync, so nothing is
   * sent as a user the server already signed out): `stop` runs first, `resume` if it fails.
   */
  beforeSignOut(hook: SignOutHook): () => void;
}

export interface SignOutHook {
  stop(): void | Promise<void>;
  resume(): void;
}

export function createSessionService(
  fetcher: SessionFetch,
  cache: SessionCache = memorySessionCache(),
  /**
   * Cancels the API calls still on their way. A read sent a moment before signing out could
   * reach the server after the session is gone and come back 401.
   */
  abortRequests: () => void = () => {},
): SessionService {
  const store = createStore<SessionState>(INITIAL_SESSION);
  const signedOut = () => {
    cache.write(null);
    store.set(SIGNED_OUT);
  };
  let loading: Promise<SessionState> | undefined;
  const signOutHooks = new Set<SignOutHook>();

  function refresh(): Promise<SessionState> {
    loading ??= load().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  async function load(): Promise<SessionState> {
    const before = store.get();
    // Keep showing a known user while re-checking; only a first load shows "loading".
    if (before.status === "unknown" || before.status === "error") {
      store.set({ ...before, status: "loading", error: null });
    }
    try {
      // Before the first paint the answer is shown before its Schemas load (they wait for
      // that paint); once decoded it is cached, or replaced by the mismatch error.
      let check: Promise<void> = Promise.resolve();
      const response = await fetcher(
        endpointInfo.auth.getSession,
        {},
        {
          checkLater: (later) => {
            check = later;
          },
        },
      );
      if (response?.user) {
        const { user, role } = response;
        store.set({ status: "authenticated", user, role, error: null });
        check.then(
          () => cache.write({ user, role }),
          (error: unknown) => {
            if (store.get().user === user)
              store.set({ status: "error", user: null, role: null, error });
          },
        );
      } else signedOut();
    } catch (error) {
      // No answer at all (offline): the user who was signed in keeps their local data.
      const cached = isFetchError(error) && error.isNetworkError ? cache.read() : null;
      store.set(
        cached
          ? { status: "authenticated", user: cached.user, role: cached.role, error: null }
          : { status: "error", user: null, role: null, error },
      );
    }
    return store.get();
  }

  async function signIn({ email, password }: SignInInput) {
    const answer = await fetcher(endpointInfo.auth.signIn, { email, password }, { silent: true });
    if (answer?.twoFactorRedirect) return { ...store.get(), twoFactorRequired: true };
    return refresh();
  }

  return {
    store,
    async ensureLoaded() {
      const { status } = store.get();
      if (status === "authenticated" || status === "unauthenticated") return store.get();
      const state = await refresh();
      if (state.status === "error") throw state.error;
      return state;
    },
    refresh,
    signIn,
    async updateProfile(edit) {
      const before = store.get();
      if (before.user) store.set({ ...before, user: { ...before.user, ...shownEdit(edit) } });
      try {
        await fetcher(endpointInfo.auth.updateUser, edit, { silent: true });
      } catch (error) {
        if (store.get().user?.id === before.user?.id) store.set(before);
        throw error;
      }
      return refresh();
    },
    async verifySecondFactor(code, kind) {
      if (kind === "totp") await fetcher(endpointInfo.auth.verifyTotp, { code }, { silent: true });
      else await fetcher(endpointInfo.auth.verifyBackupCode, { code }, { silent: true });
      return refresh();
    },
    async signUp({ name, email, password }) {
      await fetcher(endpointInfo.auth.signUp, { email, password, name }, { silent: true });
      trackProductEvent("sign_up_completed");
      try {
        return await signIn({ email, password });
      } catch (error) {
        if (isFetchError(error) && error.status === 401)
          return { ...store.get(), checkInbox: true };
        throw error;
      }
    },
    async signOut() {
      const hooks = [...signOutHooks];
      await Promise.all(hooks.map((hook) => hook.stop()));
      abortRequests();
      try {
        await fetcher(endpointInfo.auth.signOut, {});
      } catch (error) {
        for (const hook of hooks) hook.resume();
        throw error;
      }
      resetAnalyticsIdentity();
      signedOut();
    },
    markSignedOut: signedOut,
    beforeSignOut(hook) {
      signOutHooks.add(hook);
      return () => signOutHooks.delete(hook);
    },
  };
}

/** How an edit shows before the server answers: cleared fields as null, empty links dropped. */
function shownEdit(edit: ProfileEdit) {
  const shown: Record<string, unknown> = { ...edit };
  for (const field of ["handle", "bio", "website"] as const) {
    if (edit[field] === "") shown[field] = null;
  }
  if (edit.socialLinks) {
    shown.socialLinks = Object.fromEntries(
      Object.entries(edit.socialLinks).filter(([, id]) => id !== ""),
    );
  }
  return shown;
}
