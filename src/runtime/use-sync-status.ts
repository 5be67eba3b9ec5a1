import { useMemo, useRef, useSyncExternalStore } from "react";
import type { Observable } from "rxjs";
import { storageWait } from "../db/storage-wait.ts";
import type { ConnectivityStatus } from "../sync/connectivity.ts";
import type { SyncState } from "../sync/engine.ts";
import { useAppServices } from "./app-services.tsx";
import { useRuntime, useRuntimeState } from "./runtime-context.tsx";

/** The latest value of an observable; `initial` until it emits. */
function useObservable<T>(source: Observable<T> | undefined, initial: T): T {
  const seed = useRef(initial);
  const store = useMemo(() => {
    let value = seed.current;
    return {
      subscribe(listener: () => void) {
        const subscription = source?.subscribe((next) => {
          value = next;
          listener();
        });
        return () => subscription?.unsubscribe();
      },
      get: () => value,
    };
  }, [source]);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function useConnectivityStatus(): ConnectivityStatus {
  const { connectivity } = useAppServices();
  return useObservable(connectivity.status$, connectivity.status);
}

const IDLE: SyncState = { pending: 0, pushing: false, pulling: false, lastPulledAt: undefined };

export function useSyncState(): SyncState {
  const reader = useRuntime();
  return useObservable(reader?.engine.state$, IDLE);
}

/**
 * The sync indicator: disabled (no local database, so nothing syncs), offline, or
 * synced; "syncing" while changes wait to be sent or a pull runs; "waiting" while the local
 * database waits for its storage (another tab holds it).
 */
export type SyncIndicatorState = "disabled" | "offline" | "waiting" | "syncing" | "synced";

export interface SyncIndicator {
  state: SyncIndicatorState;
  pending: number;
  /** The server's change stream is up: changes made elsewhere arrive within a second. */
  live: boolean;
}

export function useSyncIndicator(): SyncIndicator {
  const readerState = useRuntimeState();
  const connectivity = useConnectivityStatus();
  const sync = useSyncState();
  const storageWaiting = useSyncExternalStore(storageWait.subscribe, storageWait.get);
  const live = sync.live === true;
  if (readerState.status === "failed") return { state: "disabled", pending: 0, live: false };
  if (readerState.status === "booting" && storageWaiting) {
    return { state: "waiting", pending: 0, live: false };
  }
  if (connectivity === "offline") return { state: "offline", pending: sync.pending, live: false };
  if (sync.pending > 0 || sync.pushing || sync.pulling || readerState.status === "booting") {
    return { state: "syncing", pending: sync.pending, live };
  }
  return { state: "synced", pending: 0, live };
}
