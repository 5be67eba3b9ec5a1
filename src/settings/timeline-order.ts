import { useSyncExternalStore } from "react";

/** Timelines read oldest first, by key (`<view>|<feedId param>`); all others newest first. */
const STORAGE_KEY = "follow:timeline-order";
/** Bounds what a device keeps: the most recently chosen timelines win. */
const MAX_TIMELINES = 500;

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: readonly string[] | undefined;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function read(): readonly string[] {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? "[]");
    cache = Array.isArray(parsed) ? parsed.filter((key) => typeof key === "string") : [];
  } catch {
    cache = [];
  }
  return cache;
}

/** The key of a timeline for its sort order: the view and the route's feedId form. */
export function timelineOrderKey(view: number, feedParam: string): string {
  return `${view}|${feedParam}`;
}

export function isOldestFirst(key: string): boolean {
  return read().includes(key);
}

/** Remembers a timeline's order on this device (other tabs follow through `storage` events). */
export function setOldestFirst(key: string, oldestFirst: boolean): void {
  const others = read().filter((stored) => stored !== key);
  cache = oldestFirst ? [...others, key].slice(-MAX_TIMELINES) : others;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(cache));
  } catch {
    // Storage full or refused: the choice lasts for this tab.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    cache = undefined;
    listener();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

/** Whether the timeline with this key is read oldest first, following changes. */
export function useOldestFirst(key: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isOldestFirst(key),
    () => false,
  );
}
