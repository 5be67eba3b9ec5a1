import { Effect, Fiber, Semaphore } from "effect";
import { BehaviorSubject, firstValueFrom, type Observable, Subject, type Subscription } from "rxjs";
import type { ApiFetch } from "../api/client.ts";
import { runStatements } from "../db/statements.ts";
import type { LocalDatabase } from "../db/types.ts";
import { type BackoffOptions, DEFAULT_BACKOFF } from "./backoff.ts";
import type { Connectivity } from "./connectivity.ts";
import { type CommandRejection, rejection } from "./failures.ts";
import { type Clock, type FocusSource, refocusRefetch, systemClock } from "./focus.ts";
import { followLiveStatus } from "./live-status.ts";
import { type LiveStreamOptions, startLiveStream } from "./live-stream.ts";
import { dropCommand, outboxSize } from "./outbox.ts";
import { DEFAULT_PULL, type PullOptions } from "./pull.ts";
import { PullQueue, pullLoop } from "./pull-worker.ts";
import { pushLoop } from "./push.ts";
import { Signal } from "./signal.ts";
import { setMeta } from "./snapshot.ts";
import { readStreamVersion, STREAM_VERSION_KEY } from "./stream-version.ts";

export interface SyncEngineOptions {
  db: LocalDatabase;
  /** The API client's fetch (createApiClient(...).fetch), base URL ending in /api. */
  api: ApiFetch;
  connectivity: Connectivity;
  /** Window refocus; refetches everything but entries after 10 minutes. */
  focus?: FocusSource;
  clock?: Clock;
  /** The signed-in user; new subscription rows carry it. */
  userId?: string;
  backoff?: BackoffOptions;
  pull?: Partial<Omit<PullOptions, "entries" | "timeoutMs">>;
  /** Per request; a write that times out is retried under the same key (default 30 s). */
  requestTimeoutMs?: number;
  /** Pull everything when started (default true). */
  pullOnStart?: boolean;
  /** Epoch ms of a pull made before the engine started (its first state's lastPulledAt). */
  lastPulledAt?: number;
  /**
   * Resolves when this tab may push (it holds the sync leader lock, src/sync/leader.ts). Tabs
   * share one outbox: two pushers would race each command's idempotency key. Every tab pulls.
   * Default: push at once.
   */
  leadership?: Promise<void>;
  /**
   * Opens the server's change stream (GET /sync/stream) from `lastVersion`. The leader holds
   * it, one connection per browser profile, and pulls when a poke names a version newer than
   * the last one pulled; the other tabs see the pulled rows through the shared database.
   */
  liveStream?: LiveStreamOptions["connect"];
  /** Tells the other tabs whether the leader's stream is up (a BroadcastChannel's name). */
  liveChannel?: string;
  log?: (message: string, detail?: unknown) => void;
}

export interface SyncState {
  /** Commands still to send. */
  pending: number;
  pushing: boolean;
  pulling: boolean;
  /** Epoch ms of the last successful pull. */
  lastPulledAt: number | undefined;
  /** The change stream is connected (held by the leader tab, told to the others). */
  live?: boolean;
}

export interface SyncEngine {
  start(): void;
  stop(): Promise<void>;
  /** Commands the server refused, after their rollback: shown as toasts. */
  readonly errors$: Observable<CommandRejection>;
  readonly state$: Observable<SyncState>;
  /** Fetches server state and rebases pending events on it; resolves when written. */
  pull(options?: { entries?: boolean }): Promise<void>;
  /** Resolves when nothing is left to send or pull (tests, "sync now" buttons). */
  drain(): Promise<void>;
}

/** Pages of entries (and of stars) a poke's pull brings: the newest, where changes happen. */
const POKE_PAGES = 1;

/**
 * The sync engine: a push worker sends the outbox in order (each command under its id as
 * Idempotency-Key), a pull worker fetches server state and rebases pending events on it.
 * They share one permit, so a pull never interleaves with a half-confirmed push.
 */
export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, connectivity } = options;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((message, detail) => console.warn(message, detail));
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_PULL.timeoutMs;
  const errors$ = new Subject<CommandRejection>();
  const state$ = new BehaviorSubject<SyncState>({
    pending: 0,
    pushing: false,
    pulling: false,
    lastPulledAt: options.lastPulledAt,
  });
  const activity = new Signal();
  const outboxChanged = new Signal();
  const reconnected = new Signal();
  const pulls = new PullQueue();
  const semaphore = Semaphore.makeUnsafe(1);
  const retry = { connectivity, semaphore, backoff, reconnected };
  let fibers: Fiber.Fiber<never>[] = [];
  let subscriptions: Subscription[] = [];
  let stopLive: (() => void)[] = [];

  const update = (change: Partial<SyncState>) => {
    state$.next({ ...state$.value, ...change });
    activity.notify();
  };
  const countPending = async () => update({ pending: await outboxSize(db) });
  const requestPull = (entries: boolean, pages?: number) => {
    const done = pulls.request(entries, pages);
    activity.notify();
    return done;
  };
  // Refocus and reconnect refresh stale data, entries excepted.
  const refreshIfStale = () => {
    const wanted = refocusRefetch(state$.value.lastPulledAt, clock.now());
    if (wanted) requestPull(wanted.entries).catch(() => undefined);
  };

  const push = pushLoop({
    ...retry,
    db,
    api: options.api,
    timeoutMs,
    outboxChanged,
    log,
    setPushing: (pushing) => update({ pushing }),
    onConfirmed: (command, answerEvents) => {
      if (command.refreshAfterSync) requestPull(true).catch(() => undefined);
      // A new subscription fills at once, whatever the age of its entries (the pull only
      // brings the newest entries overall).
      for (const event of answerEvents) {
        if (event.name !== "SubscriptionConfirmed") continue;
        const feedId = event.data.feed.id;
        // Loaded on use: the pager brings the endpoint Schemas, not wanted before first paint.
        import("./pager.ts")
          .then(({ fillSubscription }) => fillSubscription(db, options.api.call, feedId))
          .catch((error: unknown) => log("Sync: could not fetch the new feed's entries", error));
      }
    },
    // Rollback: the command leaves log and queue, the tables are rebuilt from server state
    // plus the remaining pending events, and the user sees the coded error.
    onRejected: async (row, command, failure) => {
      await dropCommand(db, row.commandId);
      const rebuilt = requestPull(true).catch(() => undefined);
      const label = command?.label ?? `commands:${row.name}`;
      errors$.next(rejection({ commandId: row.commandId, name: row.name, label }, failure.error));
      await rebuilt;
    },
  });
  // Pokes are handled one after another, so the version kept is always the newest pulled.
  let pokes = Promise.resolve();
  const onPoke = (version: string, scopes: readonly string[]) => {
    pokes = pokes.then(async () => {
      if ((await readStreamVersion(db)) === version) return;
      // On connect (no scope) anything may have changed while away: a full pull. A change
      // made elsewhere (a star, a read) or new entries: the newest page of entries and of
      // stars, whose floors keep older rows as they are.
      await (scopes.length === 0 ? requestPull(true) : requestPull(true, POKE_PAGES));
      await db.transaction(["meta"], (tx) =>
        runStatements(tx, [setMeta(STREAM_VERSION_KEY, version)]),
      );
    });
    pokes = pokes.catch((error: unknown) => log("Sync: a change from the server waits", error));
  };
  const startStream = () => {
    const connect = options.liveStream;
    if (!connect) return;
    const status = followLiveStatus(options.liveChannel, true, (live) => update({ live }));
    const stream = startLiveStream({
      connect,
      backoff,
      onPoke: (poke) => onPoke(poke.version, poke.scopes),
      onLive: status.announce,
      wake: () => firstValueFrom(connectivity.reconnected$).then(() => undefined),
    });
    stopLive.push(() => {
      stream.stop();
      status.close();
    });
  };

  const pull = pullLoop(
    {
      ...retry,
      db,
      api: options.api,
      pull: { ...DEFAULT_PULL, ...options.pull, timeoutMs },
      userId: options.userId,
      now: () => clock.now(),
      log,
      setPulling: (pulling) => update({ pulling }),
      pulled: (at) => update({ lastPulledAt: at }),
    },
    pulls,
  );

  return {
    errors$: errors$.asObservable(),
    state$: state$.asObservable(),
    start() {
      if (fibers.length > 0) return;
      subscriptions = [
        db.changes$.subscribe((tables) => {
          if (!tables.has("outbox")) return;
          outboxChanged.notify();
          void countPending();
        }),
        connectivity.reconnected$.subscribe(() => {
          reconnected.notify();
          refreshIfStale();
        }),
      ];
      if (options.focus) subscriptions.push(options.focus.subscribe(refreshIfStale));
      // New subscription rows carry the user before the first pull has run.
      const userId = options.userId;
      if (userId)
        void db.transaction(["meta"], (tx) => runStatements(tx, [setMeta("userId", userId)]));
      fibers = [Effect.runFork(pull)];
      const started = fibers;
      // Until this tab leads, it hears of the leader's stream from the leader.
      const follower = followLiveStatus(options.liveChannel, false, (live) => update({ live }));
      stopLive = [follower.close];
      (options.leadership ?? Promise.resolve()).then(
        () => {
          // Still the same run: a stop() in between interrupted it.
          if (fibers !== started) return;
          fibers = [...fibers, Effect.runFork(push)];
          follower.close();
          startStream();
        },
        (error: unknown) => log("Sync: this tab will not push", error),
      );
      void countPending();
      if (options.pullOnStart !== false) requestPull(true).catch(() => undefined);
    },
    async stop() {
      for (const subscription of subscriptions) subscription.unsubscribe();
      subscriptions = [];
      for (const close of stopLive.splice(0)) close();
      await Effect.runPromise(Fiber.interruptAll(fibers));
      fibers = [];
      pulls.failAll(new Error("The sync engine stopped"));
      update({ pushing: false, pulling: false, live: false });
    },
    pull: (request = {}) => requestPull(request.entries ?? true),
    async drain() {
      while (true) {
        const seen = activity.version;
        const { pushing, pulling } = state$.value;
        const idle = !pushing && !pulling && pulls.requests.length === 0;
        if (idle && (await outboxSize(db)) === 0) return;
        await activity.afterAsync(seen);
      }
    },
  };
}
