import { createApiClient } from "../../../src/api/client.ts";
import { openMemoryDatabase } from "../../../src/db/node.ts";
import type { LocalDatabase } from "../../../src/db/types.ts";
import type { BackoffOptions } from "../../../src/sync/backoff.ts";
import {
  type Connectivity,
  createConnectivity,
  manualOnlineSource,
} from "../../../src/sync/connectivity.ts";
import { createDispatcher, type Dispatch } from "../../../src/sync/dispatch.ts";
import { createSyncEngine, type SyncEngine } from "../../../src/sync/engine.ts";
import type { CommandRejection } from "../../../src/sync/failures.ts";
import { recordingReactions } from "../../support/recording-reactions.ts";
import { type Account, withCookie } from "../../support/sync/remote.ts";

/**
 * The Web Lock `follow-sync-leader` as tabs of one browser profile see it: the first request
 * holds it, the others queue in order, and a release (the tab closed) hands it to the next.
 */
export class LeaderLock {
  private holder: symbol | undefined;
  private readonly waiting: { id: symbol; grant: () => void }[] = [];

  request(): { acquired: Promise<void>; release(): void; holds(): boolean } {
    const id = Symbol("lease");
    const acquired = new Promise<void>((grant) => {
      if (this.holder === undefined) {
        this.holder = id;
        grant();
      } else this.waiting.push({ id, grant });
    });
    return {
      acquired,
      release: () => {
        const queued = this.waiting.findIndex((w) => w.id === id);
        if (queued >= 0) this.waiting.splice(queued, 1);
        if (this.holder !== id) return;
        const next = this.waiting.shift();
        this.holder = next?.id;
        next?.grant();
      },
      holds: () => this.holder === id,
    };
  }
}

/** One tab: its own sync engine, API client and connectivity, on the device's database. */
export interface Tab {
  readonly id: number;
  readonly engine: SyncEngine;
  readonly connectivity: Connectivity;
  /** Holds the leader lock (pushes the shared outbox). */
  isLeader(): boolean;
  setBrowserOnline(online: boolean): void;
  /** Its requests end where they are (one crossing may have reached the server). */
  cut(): void;
  /** Closes the tab: engine stopped, requests cut, its lock released. */
  close(): Promise<void>;
}

export interface DeviceOptions {
  baseUrl: string;
  account: Account;
  /** The device's link to the server (one per device: the tabs share the connection). */
  fetch: typeof fetch;
  backoff: BackoffOptions;
  requestTimeoutMs: number;
}

/**
 * A device: one browser profile with one local database shared by its tabs. Each tab runs its
 * own sync engine on that database; only the leader pushes the shared outbox, every tab pulls.
 */
export class Device {
  readonly tabs: Tab[] = [];
  readonly rejections: CommandRejection[] = [];
  readonly dispatch: Dispatch;
  tabsOpened = 0;
  private readonly lock = new LeaderLock();
  private online = true;

  readonly db: LocalDatabase;
  private readonly options: DeviceOptions;

  private constructor(db: LocalDatabase, options: DeviceOptions) {
    this.db = db;
    this.options = options;
    this.dispatch = createDispatcher({ db });
  }

  static async open(options: DeviceOptions, tabs: number): Promise<Device> {
    const device = new Device(await openMemoryDatabase(), options);
    for (let i = 0; i < tabs; i++) device.openTab();
    return device;
  }

  get leader(): Tab | undefined {
    return this.tabs.find((t) => t.isLeader());
  }

  setBrowserOnline(online: boolean) {
    this.online = online;
    for (const tab of this.tabs) tab.setBrowserOnline(online);
  }

  /** A new tab (or the same tab reloaded): queues for the leader lock like any other. */
  openTab(): Tab {
    const id = this.tabsOpened++;
    // Closing the tab ends its requests: one still crossing may have reached the server.
    const killed = new AbortController();
    const link: typeof fetch = (input, init) => {
      const signal = init?.signal ? AbortSignal.any([init.signal, killed.signal]) : killed.signal;
      return this.options.fetch(input, { ...init, signal });
    };
    const source = manualOnlineSource(this.online);
    const connectivity = createConnectivity(source);
    const reactions = recordingReactions();
    reactions.onNetworkResult = (ok) => connectivity.reportNetworkResult(ok);
    const api = createApiClient({
      baseURL: `${this.options.baseUrl}/api`,
      platform: "web",
      dev: false,
      reactions,
      fetch: withCookie(this.options.account.cookie, link),
      clientId: () => `tab-${id}`,
      sessionId: () => `tab-${id}`,
      retryDelayMs: 5,
    });
    const lease = this.lock.request();
    const engine = createSyncEngine({
      db: this.db,
      api: api.fetch,
      connectivity,
      userId: this.options.account.userId,
      backoff: this.options.backoff,
      requestTimeoutMs: this.options.requestTimeoutMs,
      leadership: lease.acquired,
      log: () => undefined,
    });
    // Kept past the tab's close: a refusal it was reporting as it closed still counts.
    engine.errors$.subscribe((r) => this.rejections.push(r));
    const tab: Tab = {
      id,
      engine,
      connectivity,
      isLeader: lease.holds,
      setBrowserOnline: (online) => source.set(online),
      cut: () => killed.abort(new TypeError("fetch failed (tab gone)")),
      close: async () => {
        this.tabs.splice(this.tabs.indexOf(tab), 1);
        await engine.stop();
        tab.cut();
        connectivity.dispose();
        // The browser frees the lock once the tab is gone: the next tab takes over the push.
        lease.release();
      },
    };
    this.tabs.push(tab);
    engine.start();
    return tab;
  }

  /** Every tab dies at once (a crash, a killed browser); the database stays. */
  async crash() {
    const tabs = [...this.tabs];
    for (const tab of tabs) tab.cut();
    for (const tab of tabs) await tab.close();
  }

  /** Until the outbox is empty and every tab is idle. */
  async drain() {
    await Promise.all(this.tabs.map((t) => t.engine.drain()));
  }

  async close() {
    for (const tab of [...this.tabs]) await tab.close();
    await this.db.close();
  }
}
