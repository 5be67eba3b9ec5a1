import { afterEach, describe, expect, it } from "vitest";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase, SqlRunner } from "../db/types.ts";
import { HYDRATE_ENTRIES_PER_SUBSCRIPTION, hydrate } from "./hydrate.ts";

let db: LocalDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

const hour = (i: number) => new Date(Date.UTC(2026, 0, 1, i)).toISOString();

async function entry(
  tx: SqlRunner,
  id: string,
  at: string,
  where: { feed?: string; inbox?: string },
) {
  await tx.execute(
    "INSERT INTO entries (id, guid, feed_id, inbox_handle, inserted_at, published_at, content) VALUES (?, ?, ?, ?, ?, ?, ?)",
    [id, id, where.feed ?? null, where.inbox ?? null, at, at, "<p>body</p>"],
  );
}

/** Two feeds and an inbox with 30 entries each, an unsubscribed feed, unread counts. */
async function seed(database: LocalDatabase) {
  await database.transaction(["subscriptions", "entries", "unread"], async (tx) => {
    for (const feed of ["f1", "f2"]) {
      await tx.execute(
        "INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, type) VALUES (?, ?, 'u', 0, 0, 'feed')",
        [`feed/${feed}`, feed],
      );
      for (let i = 0; i < 30; i++) await entry(tx, `${feed}-${i}`, hour(i), { feed });
    }
    await tx.execute(
      "INSERT INTO subscriptions (id, inbox_id, user_id, view, is_private, type) VALUES ('inbox/me', 'me', 'u', 0, 0, 'inbox')",
    );
    for (let i = 0; i < 30; i++) await entry(tx, `in-${i}`, hour(i), { inbox: "me" });
    await entry(tx, "x", hour(40), { feed: "unsubscribed" });
    await tx.execute("INSERT INTO unread (subscription_id, count) VALUES ('feed/f1', 7)");
  });
}

describe("hydrate", () => {
  it("keeps the newest 20 entries of each subscription, feeds and inboxes, in list form", async () => {
    db = await openMemoryDatabase();
    await seed(db);
    const state = await hydrate(db);
    expect(HYDRATE_ENTRIES_PER_SUBSCRIPTION).toBe(20);
    expect(Object.keys(state.entriesBySubscription).sort()).toEqual([
      "feed/f1",
      "feed/f2",
      "inbox/me",
    ]);
    const f1 = state.entriesBySubscription["feed/f1"]!;
    expect(f1).toHaveLength(20);
    expect(f1[0]).toBe("f1-29");
    expect(f1[19]).toBe("f1-10");
    expect(state.entriesBySubscription["inbox/me"]).toHaveLength(20);
    expect(state.entries.size).toBe(60);
    expect(state.entries.has("x")).toBe(false);
    expect(state.entries.get("f1-29")).not.toHaveProperty("content");
    expect(state.subscriptions).toHaveLength(3);
    expect(state.unread).toEqual({ "feed/f1": 7 });
  });

  it("also keeps starred entries and entries a pending command names, however old", async () => {
    db = await openMemoryDatabase();
    await seed(db);
    await db.transaction(["collections", "outbox"], async (tx) => {
      await tx.execute(
        "INSERT INTO collections (entry_id, feed_id, view) VALUES ('f1-0', 'f1', 0)",
      );
      await tx.execute(
        "INSERT INTO outbox (command_id, name, payload, created_at) VALUES ('c1', 'entries.markRead', ?, '2026-01-01')",
        [JSON.stringify({ entryIds: ["f2-1", "f2-2"] })],
      );
      await tx.execute(
        "INSERT INTO outbox (command_id, name, payload, created_at) VALUES ('c2', 'entries.markUnread', ?, '2026-01-01')",
        [JSON.stringify({ entryId: "x" })],
      );
      await tx.execute(
        "INSERT INTO outbox (command_id, name, payload, created_at) VALUES ('c3', 'categories.rename', ?, '2026-01-01')",
        [JSON.stringify({ from: "a", to: "b" })],
      );
    });
    const state = await hydrate(db);
    expect(state.starred).toEqual(["f1-0"]);
    expect([...state.pending].sort()).toEqual(["f2-1", "f2-2", "x"]);
    for (const id of ["f1-0", "f2-1", "f2-2", "x"]) expect(state.entries.has(id)).toBe(true);
    // Kept beside the subscription's newest 20, not in place of them.
    expect(state.entriesBySubscription["feed/f1"]).toHaveLength(20);
    expect(state.entriesBySubscription["feed/f1"]).not.toContain("f1-0");
    expect(state.entries.size).toBe(64);
  });
});
