import type { Observable, Subscription } from "rxjs";

/** An observable seen as a store for useSyncExternalStore: latest value plus change events. */
export interface ObservableStore<T> {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): T | undefined;
}

/**
 * One subscription to `source` shared by every listener, opened by the first and closed by
 * the last. The snapshot is the latest emitted value, the same reference until the next.
 */
export function createObservableStore<T>(source: Observable<T>): ObservableStore<T> {
  const listeners = new Set<() => void>();
  let subscription: Subscription | undefined;
  let value: T | undefined;
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      subscription ??= source.subscribe((next) => {
        value = next;
        for (const listener of listeners) listener();
      });
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) {
          subscription?.unsubscribe();
          subscription = undefined;
        }
      };
    },
    getSnapshot: () => value,
  };
}
