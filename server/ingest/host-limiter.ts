/**
 * What the fetcher asks before each request: a slot for the host, given back by calling the
 * returned function. In one process a `HostLimiter`; across processes sharing a database, a
 * gate that counts fetches there (server/jobs/host-gate.ts).
 */
export interface HostGate {
  acquire(host: string, signal?: AbortSignal): Promise<() => void>;
}

/**
 * A small per-host semaphore: at most `perHost` requests to one host at a time, so refreshing
 * many feeds of one site never hammers it. Waiters are served first come, first served.
 */
export class HostLimiter implements HostGate {
  readonly perHost: number;
  private readonly hosts = new Map<string, { active: number; waiting: Array<() => void> }>();

  constructor(perHost = 2) {
    if (!Number.isInteger(perHost) || perHost < 1)
      throw new Error("perHost must be a positive integer");
    this.perHost = perHost;
  }

  /**
   * Resolves once a slot for `host` is free; call the returned function to give it back.
   * Rejects with the signal's reason if it aborts while waiting (the place in line is freed).
   */
  async acquire(host: string, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    const key = host.toLowerCase();
    let state = this.hosts.get(key);
    if (!state) {
      state = { active: 0, waiting: [] };
      this.hosts.set(key, state);
    }
    if (state.active >= this.perHost) {
      const waiting = state.waiting;
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const index = waiting.indexOf(grant);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal?.reason);
        };
        const grant = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        waiting.push(grant);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    } else {
      state.active++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(key);
    };
  }

  /** Requests in flight for a host (for tests and metrics). */
  activeFor(host: string): number {
    return this.hosts.get(host.toLowerCase())?.active ?? 0;
  }

  private release(key: string): void {
    const state = this.hosts.get(key);
    if (!state) return;
    const next = state.waiting.shift();
    if (next) {
      next(); // the slot passes straight to the next waiter
      return;
    }
    state.active--;
    if (state.active === 0) this.hosts.delete(key);
  }
}
