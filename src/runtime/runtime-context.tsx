import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { openDatabase } from "../db/prewarm.ts";
import { afterContentPainted } from "../platform/first-paint.ts";
import type { RuntimeServices } from "../services/runtime-services.ts";
import { useSession, useSessionService } from "../session/session-context.tsx";
import { useAppServices } from "./app-services.tsx";
import { type Runtime, startRuntime } from "./start-runtime.ts";
import { useSyncErrorToasts } from "./sync-toasts.ts";

declare global {
  interface Window {
    /**
     * Test and benchmark hook (like the player's): the signed-in runtime's database, dispatch
     * and start-up outcome, to seed large local stores. Page scripts can already do what it
     * allows.
     */
    __followReader?: Runtime;
  }
}

export type RuntimeState =
  | { status: "booting" }
  | { status: "ready"; services: RuntimeServices }
  | { status: "failed"; error: unknown };

/** The longest the sync engine waits for the first rows to be painted. */
const SYNC_AFTER_PAINT_MAX_WAIT_MS = 3000;

const RuntimeContext = createContext<RuntimeState>({ status: "booting" });

/**
 * Starts the signed-in user's runtime (start-runtime.ts) and closes it when the user signs out
 * (the shell unmounts) or another user signs in.
 */
export function RuntimeProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const session = useSessionService();
  const { api, connectivity, optional } = useAppServices();
  const [state, setState] = useState<RuntimeState>({ status: "booting" });
  // A failed sign-out stopped the runtime's sync: starting again restarts it.
  const [generation, restart] = useState(0);
  const userId = user?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation restarts it.
  useEffect(() => {
    if (!userId) return;
    let runtime: Runtime | undefined;
    let cancelled = false;
    const unwanted = new AbortController();
    // Nothing may reach the server as this user once signing out has begun.
    const unhook = session.beforeSignOut({
      stop: () => {
        unwanted.abort();
        return runtime?.stopSync();
      },
      resume: () => restart((count) => count + 1),
    });
    setState({ status: "booting" });
    // Sync after the first timeline rows are painted (or 3 s): see startRuntime.
    const onTimeline = window.location.pathname.startsWith("/timeline");
    const syncAfter = afterContentPainted(onTimeline ? SYNC_AFTER_PAINT_MAX_WAIT_MS : 0);
    const options = { userId, api, connectivity, syncAfter, optional, open: openDatabase };
    startRuntime({ ...options, signal: unwanted.signal }).then(
      (started) => {
        if (cancelled || unwanted.signal.aborted) return void started.close();
        runtime = started;
        window.__followReader = started;
        setState({ status: "ready", services: started });
      },
      (error: unknown) => {
        if (cancelled || unwanted.signal.aborted) return;
        console.error("The local database could not be opened", error);
        setState({ status: "failed", error });
      },
    );
    return () => {
      cancelled = true;
      unhook();
      unwanted.abort();
      if (runtime && window.__followReader === runtime) window.__followReader = undefined;
      void runtime?.close();
    };
  }, [userId, api, connectivity, optional, session, generation]);

  useSyncErrorToasts(state.status === "ready" ? state.services.engine : undefined);
  return <RuntimeContext value={state}>{children}</RuntimeContext>;
}

export function useRuntimeState(): RuntimeState {
  return useContext(RuntimeContext);
}

/** The runtime's services, or undefined while the database opens (or if it failed). */
export function useRuntime(): RuntimeServices | undefined {
  const state = useContext(RuntimeContext);
  return state.status === "ready" ? state.services : undefined;
}
