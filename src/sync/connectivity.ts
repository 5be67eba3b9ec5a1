import {
  BehaviorSubject,
  distinctUntilChanged,
  fromEvent,
  map,
  merge,
  type Observable,
  Subject,
} from "rxjs";

export type ConnectivityStatus = "online" | "offline";

/** What the browser says: `navigator.onLine` and its online/offline events. */
export interface OnlineSource {
  readonly online: boolean;
  readonly changes$: Observable<boolean>;
}

export function browserOnlineSource(target: Window = window): OnlineSource {
  return {
    get online() {
      return target.navigator.onLine;
    },
    changes$: merge(
      fromEvent(target, "online").pipe(map(() => true)),
      fromEvent(target, "offline").pipe(map(() => false)),
    ),
  };
}

/** A source for tests (and for shells without browser events): flip it by hand. */
export function manualOnlineSource(initial = true): OnlineSource & { set(online: boolean): void } {
  const subject = new BehaviorSubject(initial);
  return {
    get online() {
      return subject.value;
    },
    changes$: subject.asObservable(),
    set: (online) => subject.next(online),
  };
}

export interface Connectivity {
  readonly status: ConnectivityStatus;
  readonly status$: Observable<ConnectivityStatus>;
  /** What the browser says; requests are only attempted while it says online. */
  readonly browserOnline: boolean;
  readonly browserOnline$: Observable<boolean>;
  /** Each offline → online transition: the cue to replay queued commands at once. */
  readonly reconnected$: Observable<void>;
  /** From the API client: false when a request got no answer, true when any response came. */
  reportNetworkResult(ok: boolean): void;
  dispose(): void;
}

/**
 * Connectivity: the browser's online/offline events set the status; a network
 * failure while the browser says online sets offline; a good response sets online.
 */
export function createConnectivity(source: OnlineSource): Connectivity {
  const status = new BehaviorSubject<ConnectivityStatus>(source.online ? "online" : "offline");
  const browser = new BehaviorSubject(source.online);
  const reconnected = new Subject<void>();
  const set = (next: ConnectivityStatus) => {
    const previous = status.value;
    if (previous === next) return;
    status.next(next);
    if (next === "online") reconnected.next();
  };
  const subscription = source.changes$.subscribe((online) => {
    browser.next(online);
    set(online ? "online" : "offline");
  });
  return {
    get status() {
      return status.value;
    },
    status$: status.pipe(distinctUntilChanged()),
    get browserOnline() {
      return browser.value;
    },
    browserOnline$: browser.pipe(distinctUntilChanged()),
    reconnected$: reconnected.asObservable(),
    reportNetworkResult(ok) {
      if (!ok && !browser.value) return;
      set(ok ? "online" : "offline");
    },
    dispose() {
      subscription.unsubscribe();
      reconnected.complete();
    },
  };
}
