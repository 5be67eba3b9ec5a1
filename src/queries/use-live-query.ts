import { type DependencyList, useMemo, useSyncExternalStore } from "react";
import type { Observable } from "rxjs";
import { createObservableStore } from "../db/observable-store.ts";

/**
 * The one way views read the local database: the latest value of a live query, undefined
 * until its first result. `factory` builds the observable (usually a `liveQuery`) and runs
 * again only when `deps` change.
 */
export function useLiveQuery<T>(factory: () => Observable<T>, deps: DependencyList): T | undefined {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps drive the factory.
  const store = useMemo(() => createObservableStore(factory()), deps);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
