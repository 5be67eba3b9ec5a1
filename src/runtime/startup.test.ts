import { afterEach, describe, expect, it } from "vitest";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { hydrate } from "./hydrate.ts";
import { runStartup, TRANSLATION_MAX_AGE_MS } from "./startup.ts";

let db: LocalDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

function baseDeps(database: LocalDatabase, calls: string[]) {
  return {
    db: database,
    migrated: true,
    hydrateSettings: () => void calls.push("hydrateSettings"),
    syncSettings: () => void calls.push("syncSettings"),
    dataPersist: true,
    serviceWorkerSupported: false,
  };
}

describe("startup", () => {
  it("runs the SPEC §4 steps in order, skipping those not configured", async () => {
    db = await openMemoryDatabase();
    const calls: string[] = [];
    const result = await runStartup({
      ...baseDeps(db, calls),
      release: "1.0.0",
      initErrorReporting: () => void calls.push("errorReporting"),
      initAnalytics: () => void calls.push("analytics"),
      serviceWorkerSupported: true,
      registerPush: () => void calls.push("push"),
    });
    expect(result.steps).toEqual([
      "migrations",
      "hydrateSettings",
      "settingsSync",
      "errorReporting",
      "translations",
      "hydrateDatabase",
      "analytics",
      "pushRegistration",
    ]);
    expect(calls).toEqual([
      "hydrateSettings",
      "syncSettings",
      "errorReporting",
      "analytics",
      "push",
    ]);

    const bare = await runStartup({ ...baseDeps(db, []), dataPersist: false });
    expect(bare.steps).toEqual(["migrations", "hydrateSettings", "settingsSync", "translations"]);
    expect(bare.hydrated).toBeNull();
  });

  it("deletes stored translations older than 7 days", async () => {
    db = await openMemoryDatabase();
    const now = Date.UTC(2026, 10, 22);
    const old = new Date(now - TRANSLATION_MAX_AGE_MS - 1000).toISOString();
    const fresh = new Date(now - 1000).toISOString();
    await db.transaction(["translations"], async (tx) => {
      await tx.execute(
        "INSERT INTO translations (entry_id, language, title, created_at) VALUES (?, ?, ?, ?)",
        ["1", "ja", "old", old],
      );
      await tx.execute(
        "INSERT INTO translations (entry_id, language, title, created_at) VALUES (?, ?, ?, ?)",
        ["2", "ja", "new", fresh],
      );
    });
    const result = await runStartup({ ...baseDeps(db, []), now: () => now });
    expect(result.translationsDeleted).toBe(1);
    expect(await db.query("SELECT title FROM translations")).toEqual([{ title: "new" }]);
  });

  it("hydrates at most 20 entries per subscription, newest first", async () => {
    db = await openMemoryDatabase();
    await db.transaction(["subscriptions", "entries"], async (tx) => {
      for (const feed of ["f1", "f2"]) {
        await tx.execute(
          "INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, type) VALUES (?, ?, 'u', 0, 0, 'feed')",
          [`feed/${feed}`, feed],
        );
        for (let i = 0; i < 30; i++) {
          await tx.execute(
            "INSERT INTO entries (id, guid, feed_id, inserted_at, published_at) VALUES (?, ?, ?, ?, ?)",
            [
              `${feed}-${i}`,
              `${feed}-${i}`,
              feed,
              "2026-01-01T00:00:00.000Z",
              new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
            ],
          );
        }
      }
      await tx.execute(
        "INSERT INTO entries (id, guid, feed_id, inserted_at, published_at) VALUES ('x', 'x', 'unsubscribed', '2026-01-01', '2026-01-01')",
      );
    });
    const state = await hydrate(db);
    expect(Object.keys(state.entriesByFeed).sort()).toEqual(["f1", "f2"]);
    expect(state.entriesByFeed.f1).toHaveLength(20);
    expect(state.entriesByFeed.f1![0]!.id).toBe("f1-29");
    expect(state.entriesByFeed.f1![19]!.id).toBe("f1-10");
    expect(state.subscriptions).toHaveLength(2);
  });
});
