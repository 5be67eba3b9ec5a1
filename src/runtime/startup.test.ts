import { afterEach, describe, expect, it, vi } from "vitest";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import type { HydratedState } from "./hydrate.ts";
import { type OptionalStep, runStartup, STARTUP_STEPS, type StartupServices } from "./startup.ts";

let db: LocalDatabase | undefined;
afterEach(async () => {
  await db?.close().catch(() => undefined);
  db = undefined;
  vi.restoreAllMocks();
});

const EMPTY: HydratedState = {
  subscriptions: [],
  unread: {},
  entries: new Map(),
  entriesBySubscription: {},
  starred: [],
  pending: [],
};

/** Fake services that record each side effect, in the order it happened. */
function fakes(database: LocalDatabase, calls: string[], overrides: Partial<StartupServices> = {}) {
  const step = (name: string, applies = true): OptionalStep => ({
    applies: () => applies,
    start: () => void calls.push(name),
  });
  const services: StartupServices = {
    migrate: async () => {
      calls.push("migrate");
      return { db: database, ownerChanged: false };
    },
    hydrateSettings: (ownerChanged) => void calls.push(`hydrateSettings(${ownerChanged})`),
    syncSettings: () => void calls.push("syncSettings"),
    errorReporting: step("errorReporting"),
    deleteOldTranslations: async () => {
      calls.push("deleteOldTranslations");
      return 2;
    },
    dataPersist: () => true,
    hydrate: async () => {
      calls.push("hydrate");
      return EMPTY;
    },
    analytics: step("analytics"),
    pushRegistration: step("pushRegistration"),
    ...overrides,
  };
  return { services, step };
}

describe("start-up sequence", () => {
  it("evicts old entries right after migrations, before anything reads the store", async () => {
    db = await openMemoryDatabase();
    const calls: string[] = [];
    const { services } = fakes(db, calls);
    const evictions = [
      async () => {
        calls.push("evictEntries");
        return 36;
      },
      () => Promise.reject(new Error("disk I/O error")),
    ];
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const evicted = await runStartup({ ...services, evictEntries: evictions[0] }).done;
    expect(calls.slice(0, 3)).toEqual(["migrate", "evictEntries", "hydrateSettings(false)"]);
    expect(evicted.entriesEvicted).toBe(36);
    // A failed eviction leaves a larger store: start-up goes on.
    const failed = await runStartup({ ...services, evictEntries: evictions[1] }).done;
    expect(failed.entriesEvicted).toBeNull();
    expect(failed.ran).toEqual([...STARTUP_STEPS]);
    expect(logged).toHaveBeenCalledTimes(1);
  });
  it("runs every step in its order when all apply", async () => {
    db = await openMemoryDatabase();
    const calls: string[] = [];
    const startup = runStartup(fakes(db, calls).services);
    const ready = await startup.ready;
    expect(ready.translationsDeleted).toBe(2);
    const result = await startup.done;
    expect(result.ran).toEqual([...STARTUP_STEPS]);
    expect(result.skipped).toEqual([]);
    expect(result.hydrated).toBe(EMPTY);
    expect(calls).toEqual([
      "migrate",
      "hydrateSettings(false)",
      "syncSettings",
      "errorReporting",
      "deleteOldTranslations",
      "hydrate",
      "analytics",
      "pushRegistration",
    ]);
  });

  it("skips what is not configured, not supported, or data persistence when off", async () => {
    db = await openMemoryDatabase();
    const calls: string[] = [];
    const { services, step } = fakes(db, calls);
    const result = await runStartup({
      ...services,
      errorReporting: step("errorReporting", false),
      dataPersist: () => false,
      analytics: step("analytics", false),
      pushRegistration: step("pushRegistration", false),
    }).done;
    expect(result.ran).toEqual(["migrations", "hydrateSettings", "settingsSync", "translations"]);
    expect(result.skipped).toEqual([
      "errorReporting",
      "hydrateDatabase",
      "analytics",
      "pushRegistration",
    ]);
    expect(result.hydrated).toBeNull();
    expect(calls).not.toContain("hydrate");
  });

  it("is ready after translations; hydrate, analytics and push wait for the first paint", async () => {
    db = await openMemoryDatabase();
    const calls: string[] = [];
    let paint: () => void = () => undefined;
    const after = new Promise<void>((resolve) => {
      paint = resolve;
    });
    const startup = runStartup({ ...fakes(db, calls).services, after });
    await startup.ready;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.at(-1)).toBe("deleteOldTranslations");
    paint();
    await startup.done;
    expect(calls.slice(-3)).toEqual(["hydrate", "analytics", "pushRegistration"]);
  });

  it("tells hydrate settings that follow.db changed owner", async () => {
    db = await openMemoryDatabase();
    const calls: string[] = [];
    const database = db;
    await runStartup({
      ...fakes(db, calls).services,
      migrate: async () => ({ db: database, ownerChanged: true }),
    }).ready;
    expect(calls[0]).toBe("hydrateSettings(true)");
  });

  it("closes the database and rejects when a step before ready fails", async () => {
    db = await openMemoryDatabase();
    const close = vi.spyOn(db, "close");
    const calls: string[] = [];
    const startup = runStartup({
      ...fakes(db, calls).services,
      deleteOldTranslations: () => Promise.reject(new Error("disk I/O error")),
    });
    await expect(startup.ready).rejects.toThrow("disk I/O error");
    await expect(startup.done).rejects.toThrow("disk I/O error");
    expect(close).toHaveBeenCalledOnce();
    expect(calls).not.toContain("hydrate");
  });

  it("stops before settings sync, with the database closed, when aborted while migrating", async () => {
    db = await openMemoryDatabase();
    const close = vi.spyOn(db, "close");
    const calls: string[] = [];
    const stop = new AbortController();
    const database = db;
    const startup = runStartup({
      ...fakes(db, calls).services,
      migrate: async () => {
        stop.abort();
        return { db: database, ownerChanged: false };
      },
      signal: stop.signal,
    });
    await expect(startup.ready).rejects.toThrow();
    expect(calls).toEqual([]);
    expect(close).toHaveBeenCalledOnce();
  });

  it("logs a failing optional step and runs the next ones", async () => {
    db = await openMemoryDatabase();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const calls: string[] = [];
    const { services, step } = fakes(db, calls);
    const result = await runStartup({
      ...services,
      errorReporting: { applies: () => true, start: () => Promise.reject(new Error("no dsn")) },
      hydrate: () => Promise.reject(new Error("busy")),
      analytics: { applies: () => true, start: () => Promise.reject(new Error("blocked")) },
      pushRegistration: step("pushRegistration"),
    }).done;
    expect(result.failed).toEqual(["errorReporting", "hydrateDatabase", "analytics"]);
    expect(result.ran).toEqual([
      "migrations",
      "hydrateSettings",
      "settingsSync",
      "translations",
      "pushRegistration",
    ]);
    expect(logged).toHaveBeenCalledTimes(3);
  });

  it("runs no later step once the runtime closed", async () => {
    db = await openMemoryDatabase();
    const calls: string[] = [];
    const stop = new AbortController();
    const startup = runStartup({
      ...fakes(db, calls).services,
      after: new Promise(() => undefined),
      signal: stop.signal,
    });
    await startup.ready;
    stop.abort();
    const result = await startup.done;
    expect(result.ran).toEqual([
      "migrations",
      "hydrateSettings",
      "settingsSync",
      "errorReporting",
      "translations",
    ]);
    expect(calls).not.toContain("hydrate");
    expect(calls).not.toContain("analytics");
  });
});
