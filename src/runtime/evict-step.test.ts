import { afterEach, describe, expect, it } from "vitest";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { SYNC_LEADER_LOCK } from "../sync/leader.ts";
import { evictEntriesIfAlone } from "./evict-step.ts";

let db: LocalDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

/** One subscription with 25 entries: 5 beyond the bound. */
async function seeded() {
  const database = await openMemoryDatabase();
  await database.transaction(["subscriptions", "entries"], async (tx) => {
    await tx.execute(
      `INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, type)
       VALUES ('s1', 'f1', 'u1', 0, 0, 'feed')`,
    );
    for (let i = 0; i < 25; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      await tx.execute(
        `INSERT INTO entries (id, guid, inserted_at, published_at, feed_id)
         VALUES (?, ?, ?, ?, 'f1')`,
        [`e${i}`, `e${i}`, at, at],
      );
    }
  });
  return database;
}

const locksHolding = (names: string[]) => ({
  query: async () => ({ held: names.map((name) => ({ name, mode: "exclusive" as const })) }),
});

describe("evictEntriesIfAlone", () => {
  it("leaves the store alone while another tab is open (it may show paged-in entries)", async () => {
    db = await seeded();
    expect(await evictEntriesIfAlone(db, locksHolding([SYNC_LEADER_LOCK]))).toBe(0);
    expect(await db.query("SELECT id FROM entries")).toHaveLength(25);
  });
  it("evicts when no other tab holds the sync lock", async () => {
    db = await seeded();
    expect(await evictEntriesIfAlone(db, locksHolding(["other"]))).toBe(5);
    expect(await db.query("SELECT id FROM entries")).toHaveLength(20);
  });
});
