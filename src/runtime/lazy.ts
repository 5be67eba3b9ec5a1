import { Observable, type Subscription } from "rxjs";

/**
 * One load of `load`, started once `after` resolves or earlier by `now()` (something needs it
 * at once). `ready` resolves with its result whoever started it; a failed load is retried by
 * the next `now()`.
 */
export function lazily<T>(load: () => Promise<T>, after: Promise<unknown>, what: string) {
  let resolveReady: (value: T) => void = () => undefined;
  const ready = new Promise<T>((resolve) => {
    resolveReady = resolve;
  });
  let loading: Promise<T> | undefined;
  const now = () => {
    loading ??= load().then(
      (value) => {
        resolveReady(value);
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  void after.then(
    () => now().catch((error: unknown) => console.error(`Could not load ${what}`, error)),
    () => undefined,
  );
  return { now, ready, started: () => loading };
}

/** Follows `pick(loaded)` once `loaded` resolves; `initial` until then. */
export function deferred<S, T>(
  loaded: Promise<S>,
  isLoaded: () => boolean,
  pick: (source: S) => Observable<T>,
  initial?: T,
): Observable<T> {
  return new Observable<T>((subscriber) => {
    let inner: Subscription | undefined;
    let done = false;
    if (initial !== undefined && !isLoaded()) subscriber.next(initial);
    loaded.then(
      (real) => {
        if (!done) inner = pick(real).subscribe(subscriber);
      },
      () => undefined,
    );
    return () => {
      done = true;
      inner?.unsubscribe();
    };
  });
}
