import type { SettingsTab } from "./create-store.ts";

/** A queued settings change: tab, payload, date. */
export interface QueuedSettings {
  tab: SettingsTab;
  payload: Record<string, unknown>;
  /** The tab's `updated` stamp when this change was made (ms since epoch). */
  date: number;
}

/** Settings changes are sent at most this often. */
const SETTINGS_SYNC_THROTTLE_MS = 1000;

/**
 * Adds a change to the queue, merging it into the tab's pending item: later keys win, the date
 * is the latest. Empty payloads are never queued (nothing to send).
 */
export function enqueueSettings(
  queue: readonly QueuedSettings[],
  item: QueuedSettings,
): QueuedSettings[] {
  if (Object.keys(item.payload).length === 0) return [...queue];
  const existing = queue.find((queued) => queued.tab === item.tab);
  if (!existing) return [...queue, { ...item, payload: { ...item.payload } }];
  return queue.map((queued) =>
    queued === existing
      ? {
          tab: item.tab,
          payload: { ...existing.payload, ...item.payload },
          date: Math.max(existing.date, item.date),
        }
      : queued,
  );
}

/**
 * After a failed send, puts the item back under whatever was queued meanwhile: newer keys keep
 * their newer values.
 */
export function requeueSettings(
  queue: readonly QueuedSettings[],
  failed: QueuedSettings,
): QueuedSettings[] {
  const newer = queue.find((queued) => queued.tab === failed.tab);
  const rest = queue.filter((queued) => queued !== newer);
  const merged: QueuedSettings = newer
    ? {
        tab: failed.tab,
        payload: { ...failed.payload, ...newer.payload },
        date: Math.max(failed.date, newer.date),
      }
    : failed;
  return [...rest, merged];
}

export interface SettingsSyncDeps {
  /** PATCH settings/{tab} with the payload. A rejection keeps the item for the next flush. */
  send(item: QueuedSettings): Promise<void>;
  isOnline(): boolean;
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Persists the queue so a reload does not lose changes. */
  save?(queue: readonly QueuedSettings[]): void;
  initial?: readonly QueuedSettings[];
  throttleMs?: number;
}

export interface SettingsSync {
  enqueue(item: QueuedSettings): void;
  /** Sends everything queued now if online (call on the browser's `online` event). */
  flush(): Promise<void>;
  pending(): readonly QueuedSettings[];
  dispose(): void;
}

/**
 * The settings sync queue: changes merge per tab and are sent at most once per throttle window
 * (leading edge when idle), only while online. Clock, timers and network are injected.
 */
export function createSettingsSync(deps: SettingsSyncDeps): SettingsSync {
  const throttleMs = deps.throttleMs ?? SETTINGS_SYNC_THROTTLE_MS;
  let queue: QueuedSettings[] = [...(deps.initial ?? [])];
  let lastFlush = Number.NEGATIVE_INFINITY;
  let timer: unknown;
  let flushing: Promise<void> | undefined;

  function setQueue(next: QueuedSettings[]) {
    queue = next;
    deps.save?.(queue);
  }

  function schedule() {
    if (timer !== undefined || queue.length === 0) return;
    const wait = Math.max(0, lastFlush + throttleMs - deps.now());
    timer = deps.setTimer(() => {
      timer = undefined;
      void flush();
    }, wait);
  }

  async function flush(): Promise<void> {
    if (flushing) return flushing;
    if (!deps.isOnline() || queue.length === 0) return;
    lastFlush = deps.now();
    const batch = queue;
    setQueue([]);
    let failed = false;
    flushing = (async () => {
      for (const item of batch) {
        try {
          await deps.send(item);
        } catch {
          failed = true;
          setQueue(requeueSettings(queue, item));
        }
      }
    })();
    try {
      await flushing;
    } finally {
      flushing = undefined;
    }
    // Changes made while sending wait for the next window; a failure waits for the next change
    // or the next `online`, so a refusing server is not asked again every second.
    if (!failed) schedule();
  }

  return {
    enqueue(item) {
      setQueue(enqueueSettings(queue, item));
      schedule();
    },
    flush,
    pending: () => queue,
    dispose() {
      if (timer !== undefined) deps.clearTimer(timer);
      timer = undefined;
    },
  };
}
