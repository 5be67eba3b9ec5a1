export interface Mutex {
  /** Runs `work` once every earlier holder has finished; failures don't block the queue. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** True while some work holds the mutex or waits for it. */
  readonly busy: boolean;
}

/** A promise queue: one holder at a time, first come first served. */
export function createMutex(): Mutex {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      pending++;
      const result = tail.then(work).finally(() => {
        pending--;
      });
      tail = result.catch(() => undefined);
      return result;
    },
    get busy() {
      return pending > 0;
    },
  };
}

/** Runs `work` holding the named Web Lock when the platform has one (browsers, workers). */
export function withWebLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request(name, work) : work();
}
