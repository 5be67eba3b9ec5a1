import { describe, expect, it } from "vitest";
import { type EndpointInfo, endpointInfo } from "../../contract/api/info.ts";
import { createSettingsStore } from "./create-store.ts";
import { GENERAL_CHOICES, GENERAL_DEFAULTS, type GeneralSettings } from "./general.ts";
import {
  forgetSettingsOfPreviousUser,
  type SettingsApi,
  startServerSettingsSync,
} from "./server-sync.ts";
import { memoryStorage, readJson } from "./storage.ts";
import { SYNC_QUEUE_STORAGE_KEY } from "./storage-keys.ts";
import type { QueuedSettings } from "./sync-queue.ts";

/** A server that keeps the settings like server/storage/settings.ts: merged per tab, stamped. */
function fakeServer(initial: { values: Partial<GeneralSettings>; at: number } | undefined) {
  const tabs = new Map<string, { values: Record<string, unknown>; at: number }>();
  if (initial) tabs.set("general", initial);
  const sent: Array<{ tab: string; body: unknown }> = [];
  let clock = 10_000;
  const api = (async (
    endpoint: EndpointInfo,
    input: Record<string, unknown>,
    options: { params?: { tab: string } },
  ) => {
    if (endpoint === endpointInfo.settings.patch) {
      const tab = options.params!.tab;
      sent.push({ tab, body: input });
      tabs.set(tab, { values: { ...tabs.get(tab)?.values, ...input }, at: ++clock });
      return { code: 0 };
    }
    expect(endpoint).toBe(endpointInfo.settings.get);
    const settings: Record<string, unknown> = {};
    const updated: Record<string, string> = {};
    for (const [tab, { values, at }] of tabs) {
      settings[tab] = values;
      updated[tab] = new Date(at).toISOString();
    }
    return { code: 0, settings, updated };
  }) as SettingsApi;
  return { api, sent, tabs };
}

function setup(localStamp: number, server: ReturnType<typeof fakeServer>, online = true) {
  const storage = memoryStorage();
  const listeners = new Set<(item: QueuedSettings) => void>();
  let stamp = localStamp;
  const store = createSettingsStore<GeneralSettings>({
    tab: "general",
    storageKey: "general",
    defaults: GENERAL_DEFAULTS,
    choices: GENERAL_CHOICES,
    storage,
    now: () => ++stamp,
    onChange: (tab, patch, date) => {
      for (const listener of listeners) listener({ tab, payload: patch, date });
    },
  });
  if (localStamp > 0) store.hydrate({ groupByDate: false }, localStamp);
  const sync = startServerSettingsSync({
    api: server.api,
    isOnline: () => online,
    stores: [store],
    storage,
    initial: [],
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return { store, sync, storage };
}

describe("server settings sync", () => {
  it("takes a tab the server changed after this device did", async () => {
    const server = fakeServer({ values: { groupByDate: true, unreadOnly: false }, at: 5_000 });
    const { store, sync } = setup(1_000, server);
    await sync.pullAndFlush();
    expect(store.get()).toMatchObject({ groupByDate: true, unreadOnly: false });
    expect(store.getUpdated()).toBe(5_000);
    sync.dispose();
  });

  it("keeps this device's newer values, and sends its changes merged per tab", async () => {
    const server = fakeServer({ values: { groupByDate: true }, at: 500 });
    const { store, sync } = setup(1_000, server);
    await sync.pullAndFlush();
    expect(store.get().groupByDate).toBe(false);
    store.update({ unreadOnly: false });
    await expect.poll(() => server.sent.length).toBe(1);
    expect(server.sent[0]).toEqual({ tab: "general", body: { unreadOnly: false } });
    expect(server.tabs.get("general")?.values).toEqual({ groupByDate: true, unreadOnly: false });
    sync.dispose();
  });

  it("sends nothing while offline", async () => {
    const server = fakeServer(undefined);
    const { store, sync } = setup(0, server, false);
    await sync.pullAndFlush();
    store.update({ unreadOnly: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.sent).toEqual([]);
    sync.dispose();
  });

  it("forgets a previous user's unsent changes and stamps", () => {
    const server = fakeServer(undefined);
    const { store, storage, sync } = setup(1_000, server, false);
    store.update({ unreadOnly: false });
    forgetSettingsOfPreviousUser([store], storage);
    expect(readJson(storage, SYNC_QUEUE_STORAGE_KEY)).toEqual([]);
    expect(store.getUpdated()).toBe(0);
    expect(store.get().unreadOnly).toBe(false);
    sync.dispose();
  });
});
