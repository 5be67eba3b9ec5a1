import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiFetch } from "../api/client.ts";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { createConnectivity, manualOnlineSource } from "../sync/connectivity.ts";
import type { SettingsSteps } from "./settings-steps.ts";
import { type Runtime, startRuntime } from "./start-runtime.ts";

let runtime: Runtime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A database owned by `owner`, holding one entry and one old stored translation. */
async function ownedDatabase(owner: string): Promise<LocalDatabase> {
  const db = await openMemoryDatabase();
  await db.transaction(["meta", "entries", "translations"], async (tx) => {
    await tx.execute("INSERT INTO meta (key, value) VALUES ('userId', ?)", [owner]);
    await tx.execute(
      "INSERT INTO entries (id, guid, feed_id, inserted_at, published_at) VALUES ('e1', 'e1', 'f1', '2026-01-01', '2026-01-01')",
    );
    await tx.execute(
      "INSERT INTO translations (entry_id, language, created_at) VALUES ('e1', 'ja', '2000-01-01T00:00:00.000Z')",
    );
  });
  return db;
}

function fakeSettings(calls: string[]): SettingsSteps {
  return {
    hydrate: (ownerChanged) => void calls.push(`hydrateSettings(${ownerChanged})`),
    sync: () => void calls.push("syncSettings"),
    dispose: () => void calls.push("disposeSettings"),
  };
}

const offlineApi = (() =>
  Promise.reject(new Error("no network in this test"))) as unknown as ApiFetch;

function start(db: LocalDatabase, userId: string, calls: string[]) {
  return startRuntime({
    userId,
    api: offlineApi,
    connectivity: createConnectivity(manualOnlineSource(false)),
    open: async () => db,
    // The first paint never comes: the engine stays unloaded, the last steps wait.
    syncAfter: new Promise(() => undefined),
    settings: fakeSettings(calls),
  });
}

describe("startRuntime", () => {
  it("opens the owner's database, runs start-up up to translations, and stops on close", async () => {
    const db = await ownedDatabase("alice");
    const calls: string[] = [];
    runtime = await start(db, "alice", calls);
    expect(calls).toEqual(["hydrateSettings(false)", "syncSettings"]);
    expect(await runtime.db.query("SELECT id FROM entries")).toEqual([{ id: "e1" }]);
    expect(await runtime.db.query("SELECT * FROM translations")).toEqual([]);
    const closing = runtime.close();
    runtime = undefined;
    await closing;
    expect(calls.at(-1)).toBe("disposeSettings");
  });

  it("empties follow.db for a different user and tells the settings step", async () => {
    const db = await ownedDatabase("alice");
    // An emptied database pulls at once and, that failing offline, loads the engine.
    vi.stubGlobal("window", new EventTarget());
    const calls: string[] = [];
    runtime = await start(db, "bob", calls);
    expect(calls[0]).toBe("hydrateSettings(true)");
    expect(await runtime.db.query("SELECT id FROM entries")).toEqual([]);
  });

  it("reports the steps that ran once closed before the first paint", async () => {
    const db = await ownedDatabase("alice");
    runtime = await start(db, "alice", []);
    const startup = runtime.startup;
    await runtime.close();
    runtime = undefined;
    const result = await startup;
    expect(result.ran).toEqual(["migrations", "hydrateSettings", "settingsSync", "translations"]);
    expect(result.translationsDeleted).toBe(1);
    expect(result.hydrated).toBeNull();
  });

  it("sends nothing when the user leaves while follow.db opens", async () => {
    const db = await ownedDatabase("alice");
    const close = vi.spyOn(db, "close");
    const calls: string[] = [];
    const unwanted = new AbortController();
    let opened: (value: LocalDatabase) => void = () => undefined;
    const starting = startRuntime({
      userId: "alice",
      api: offlineApi,
      connectivity: createConnectivity(manualOnlineSource(true)),
      open: () => new Promise((resolve) => (opened = resolve)),
      syncAfter: Promise.resolve(),
      settings: fakeSettings(calls),
      signal: unwanted.signal,
    });
    unwanted.abort();
    opened(db);
    await expect(starting).rejects.toThrow();
    expect(calls).not.toContain("syncSettings");
    expect(calls).toContain("disposeSettings");
    expect(close).toHaveBeenCalled();
  });

  it("stopSync aborts the first pull in flight and stops settings sync, keeping the database", async () => {
    vi.stubGlobal("window", new EventTarget());
    const db = await openMemoryDatabase();
    const signals: AbortSignal[] = [];
    const pending = {
      call: (_endpoint: unknown, _input: unknown, options?: { signal?: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          const signal = options?.signal;
          if (signal) signals.push(signal);
          signal?.addEventListener("abort", () => reject(signal.reason));
        }),
    } as unknown as ApiFetch;
    const calls: string[] = [];
    runtime = await startRuntime({
      userId: "alice",
      api: pending,
      connectivity: createConnectivity(manualOnlineSource(true)),
      open: async () => db,
      syncAfter: new Promise(() => undefined),
      settings: fakeSettings(calls),
    });
    await vi.waitFor(() => expect(signals.length).toBeGreaterThan(0));
    await runtime.stopSync();
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(calls).toContain("disposeSettings");
    expect(await runtime.db.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("fails, with the database closed and settings stopped, when follow.db cannot be read", async () => {
    const db = await openMemoryDatabase();
    const close = vi.spyOn(db, "close");
    vi.spyOn(db, "transaction").mockRejectedValue(new Error("SQLITE_CORRUPT"));
    const calls: string[] = [];
    await expect(start(db, "alice", calls)).rejects.toThrow("SQLITE_CORRUPT");
    expect(close).toHaveBeenCalled();
    expect(calls.at(-1)).toBe("disposeSettings");
  });
});
