import { afterEach, describe, expect, it } from "vitest";
import {
  fakeTimelineServer,
  type ServerEntry,
} from "../../tests/support/sync/fake-timeline-server.ts";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { evictEntries } from "./evict-entries.ts";
import { readFloor } from "./floors.ts";
import { createPager } from "./pager.ts";

let db: LocalDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

const id = (i: number) => `e${String(i).padStart(2, "0")}`;
const publishedAt = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();

/** 60 entries in one feed, oldest first; the 3 oldest starred on the server. */
function serverEntries(): ServerEntry[] {
  return Array.from({ length: 60 }, (_, i) => ({
    id: id(i),
    feedId: "f1",
    publishedAt: publishedAt(i),
    read: false,
    starred: i < 3,
  }));
}

async function localIds(database: LocalDatabase) {
  const rows = await database.query<{ id: string }>("SELECT id FROM entries ORDER BY id");
  return rows.map((row) => row.id);
}

async function pageToEnd(database: LocalDatabase, server: ReturnType<typeof fakeTimelineServer>) {
  for (const scope of [{ feedId: "f1" }, { view: 0 as const }]) {
    const pager = createPager({ db: database, call: server.call, scope, pageSize: 15 });
    for (let pages = 0; pages < 20 && !pager.state.end; pages++) await pager.loadMore();
    pager.stop();
    expect(pager.state.end).toBe(true);
  }
}

describe("evictEntries (start-up keeps 20 entries a feed)", () => {
  it("keeps the newest 20 of a feed plus starred and pending entries, raises floors, and the pager brings the rest back", async () => {
    const database = await openMemoryDatabase();
    db = database;
    await database.transaction(["subscriptions", "outbox"], async (tx) => {
      await tx.execute(
        `INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, type)
         VALUES ('s1', 'f1', 'u1', 0, 0, 'feed')`,
      );
      // Commands not yet sent name old entries, one by a list of ids, one by a single id.
      await tx.execute(
        `INSERT INTO outbox (command_id, name, payload, created_at)
         VALUES ('c1', 'entries.markRead', '{"entryIds":["e05"]}', '2026-01-02T00:00:00.000Z'),
                ('c2', 'collections.unstar', '{"entryId":"e06"}', '2026-01-02T00:00:01.000Z')`,
      );
    });
    const server = fakeTimelineServer(serverEntries());
    await pageToEnd(database, server);
    expect(await localIds(database)).toHaveLength(60);
    expect(await readFloor(database, { feedId: "f1" })).toBe("");

    expect(await evictEntries(database)).toBe(35);

    const newest20 = Array.from({ length: 20 }, (_, i) => id(40 + i));
    expect(await localIds(database)).toEqual(["e00", "e01", "e02", "e05", "e06", ...newest20]);
    // The feed's timelines and the wide ones no longer claim the evicted entries.
    expect(await readFloor(database, { feedId: "f1" })).toBe(publishedAt(40));
    expect(await readFloor(database, { feedId: "f1", read: false })).toBe(publishedAt(40));
    expect(await readFloor(database, { view: 0 })).toBe(publishedAt(40));
    // A second start evicts nothing more.
    expect(await evictEntries(database)).toBe(0);

    const requestsBefore = server.requests.length;
    await pageToEnd(database, server);
    expect(server.requests[requestsBefore]?.publishedAfter).toBe(publishedAt(40));
    expect(await localIds(database)).toEqual(Array.from({ length: 60 }, (_, i) => id(i)));
    expect(await readFloor(database, { feedId: "f1" })).toBe("");
  });

  it("keeps every entry tied with the 20th newest and leaves small feeds alone", async () => {
    const database = await openMemoryDatabase();
    db = database;
    await database.transaction(["subscriptions"], async (tx) => {
      await tx.execute(
        `INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, type)
         VALUES ('s1', 'f1', 'u1', 0, 0, 'feed'), ('s2', 'f2', 'u1', 0, 0, 'feed')`,
      );
    });
    // f1: 30 entries; e01..e15 share one publish time, the 20th newest one's; e00 is older.
    // f2: 10 entries.
    const entries: ServerEntry[] = [
      ...Array.from({ length: 30 }, (_, i) => ({
        id: id(i),
        feedId: "f1",
        publishedAt: publishedAt(i === 0 ? 0 : Math.max(i, 15)),
        read: false,
        starred: false,
      })),
      ...Array.from({ length: 10 }, (_, i) => ({
        id: `g${i}`,
        feedId: "f2",
        publishedAt: publishedAt(i),
        read: false,
        starred: false,
      })),
    ];
    const server = fakeTimelineServer(entries);
    await pageToEnd(database, server);
    await createPager({ db: database, call: server.call, scope: { feedId: "f2" } }).loadMore();
    expect(await localIds(database)).toHaveLength(40);
    // Only e00 goes: the 15 tied with the 20th newest stay (the server never splits a tie).
    expect(await evictEntries(database)).toBe(1);
    expect(await localIds(database)).toHaveLength(39);
    expect(await localIds(database)).not.toContain("e00");
    expect(await readFloor(database, { feedId: "f1" })).toBe(publishedAt(15));
    expect(await readFloor(database, { feedId: "f2" })).toBe("");
  });

  it("evicts at most the start's share, the oldest first; the next starts take the rest, and paging stays gap-free", async () => {
    const database = await openMemoryDatabase();
    db = database;
    await database.transaction(["subscriptions"], async (tx) => {
      await tx.execute(
        `INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, type)
         VALUES ('s1', 'f1', 'u1', 0, 0, 'feed')`,
      );
    });
    const server = fakeTimelineServer(
      serverEntries().map((entry) => ({ ...entry, starred: false })),
    );
    await pageToEnd(database, server);
    expect(await localIds(database)).toHaveLength(60);

    // 40 beyond the newest 20, 15 a start: e00..e14 go first.
    expect(await evictEntries(database, 20, 15)).toBe(15);
    const ids = await localIds(database);
    expect(ids).toHaveLength(45);
    expect(ids[0]).toBe(id(15));
    // The floors rise to the newest 20 at once: what is left below them is never shown.
    expect(await readFloor(database, { feedId: "f1" })).toBe(publishedAt(40));
    expect(await readFloor(database, { view: 0 })).toBe(publishedAt(40));
    // Paging down from there writes over what was left: every entry, once, none missing.
    await pageToEnd(database, server);
    expect(await localIds(database)).toEqual(Array.from({ length: 60 }, (_, i) => id(i)));

    expect(await evictEntries(database, 20, 15)).toBe(15);
    expect(await evictEntries(database, 20, 15)).toBe(15);
    expect(await evictEntries(database, 20, 15)).toBe(10);
    expect(await evictEntries(database, 20, 15)).toBe(0);
    expect(await localIds(database)).toEqual(Array.from({ length: 20 }, (_, i) => id(40 + i)));

    await pageToEnd(database, server);
    expect(await localIds(database)).toEqual(Array.from({ length: 60 }, (_, i) => id(i)));
    expect(await readFloor(database, { feedId: "f1" })).toBe("");
  });
});
