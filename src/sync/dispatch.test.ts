import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  readFlags,
  seed,
  starred,
  subscriptionRows,
  testId,
  unreadCounts,
} from "../commands/testing/seed.ts";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { createDispatcher, type Dispatch } from "./dispatch.ts";

const [A, B, P] = [testId(1), testId(2), testId(3)];
const e = (n: number) => testId(100 + n);

let db: LocalDatabase;
let dispatch: Dispatch;
let ids = 0;

beforeEach(async () => {
  ids = 0;
  db = await openMemoryDatabase();
  dispatch = createDispatcher({ db, newId: () => `cmd-${++ids}`, now: () => Date.UTC(2026, 5, 1) });
  await seed(db, [
    { id: A, category: "News", entries: [{ id: e(1) }, { id: e(2) }, { id: e(3), read: true }] },
    { id: B, category: "News", view: 1, entries: [{ id: e(4) }] },
    { id: P, isPrivate: true, entries: [{ id: e(5) }, { id: e(6) }] },
  ]);
});
afterEach(() => db.close());

describe("dispatch", () => {
  it("writes pending events, an outbox row and the tables in one go, and notifies those tables", async () => {
    const notified: string[][] = [];
    const subscription = db.changes$.subscribe((tables) => notified.push([...tables].sort()));
    const meta = await dispatch("entries.markRead", { entryIds: [e(1)] });
    subscription.unsubscribe();

    expect(meta).toEqual({ commandId: "cmd-1", issuedAt: "2026-06-01T00:00:00.000Z" });
    expect(await db.query("SELECT command_id, name, status FROM events")).toEqual([
      { command_id: "cmd-1", name: "EntriesMarkedRead", status: "pending" },
    ]);
    expect(await db.query("SELECT command_id, name, payload, attempts FROM outbox")).toEqual([
      {
        command_id: "cmd-1",
        name: "entries.markRead",
        payload: JSON.stringify({ entryIds: [e(1)] }),
        attempts: 0,
      },
    ]);
    expect((await readFlags(db))[e(1)]).toBe(true);
    expect((await unreadCounts(db))[A]).toBe(1);
    expect(notified).toEqual([["entries", "events", "manual_unread", "outbox", "unread"]]);
  });

  it("rejects an invalid payload before touching anything", async () => {
    await expect(dispatch("entries.markRead", { entryIds: ["nope"] })).rejects.toThrow();
    expect(await db.query("SELECT * FROM outbox")).toEqual([]);
  });

  it("toggles read state; counts move only on real flips and never below 0", async () => {
    await dispatch("entries.markRead", { entryIds: [e(1), e(2), e(3)] });
    await dispatch("entries.markRead", { entryIds: [e(1)] });
    expect((await unreadCounts(db))[A]).toBe(0);
    await dispatch("entries.markUnread", { entryId: e(2) });
    await dispatch("entries.markUnread", { entryId: e(2) });
    expect((await unreadCounts(db))[A]).toBe(1);
    await db.execute("UPDATE unread SET count = 0");
    await dispatch("entries.markRead", { entryIds: [e(2)] });
    expect((await unreadCounts(db))[A]).toBe(0); // The toolbar's toggle carries the state it sets: replaying it sets the same.
    await dispatch("entries.toggleRead", { entryId: e(1), read: false });
    expect((await unreadCounts(db))[A]).toBe(1);
    await dispatch("entries.toggleRead", { entryId: e(1), read: true });
    expect((await readFlags(db))[e(1)]).toBe(true);
    expect((await unreadCounts(db))[A]).toBe(0);
  });

  it("marks all read except private subscriptions, and by view or time", async () => {
    await dispatch("entries.markAllRead", { view: 1 });
    expect(await unreadCounts(db)).toEqual({ [A]: 2, [B]: 0, [P]: 2 });
    await dispatch("entries.markAllRead", { endTime: "2026-01-01T00:30:00.000Z" });
    expect(await unreadCounts(db)).toEqual({ [A]: 1, [B]: 0, [P]: 2 });
    await dispatch("entries.markAllRead", {});
    expect(await unreadCounts(db)).toEqual({ [A]: 0, [B]: 0, [P]: 2 });
    // Named explicitly, a private feed is included unless excludePrivate says otherwise.
    await dispatch("entries.markAllRead", { feedId: P, excludePrivate: true });
    expect((await unreadCounts(db))[P]).toBe(2);
    await dispatch("entries.markAllRead", { feedIdList: [P] });
    expect((await unreadCounts(db))[P]).toBe(0);
    expect(Object.values(await readFlags(db)).every(Boolean)).toBe(true);
  });

  it("stars with the subscription's view and unstars", async () => {
    await dispatch("collections.star", { entryId: e(4) });
    await dispatch("collections.star", { entryId: e(4) });
    expect(await db.query("SELECT entry_id, feed_id, view FROM collections")).toEqual([
      { entry_id: e(4), feed_id: B, view: 1 },
    ]);
    await dispatch("collections.unstar", { entryId: e(4) });
    expect(await starred(db)).toEqual([]);
  });

  it("subscribes with a placeholder until the feed is known, or at once when it is", async () => {
    await dispatch("subscriptions.subscribe", {
      url: "https://new.example/feed",
      category: "Tech",
    });
    await dispatch("subscriptions.subscribe", { url: `https://example.com/${A}.xml`, view: 2 });
    const rows = await subscriptionRows(db);
    expect(rows.find((r) => r.id === "pending/cmd-1")).toMatchObject({
      feed_id: null,
      title: "https://new.example/feed",
      category: "Tech",
    });
    // Re-subscribing by a URL without a feedId never duplicates an existing subscription.
    expect(rows.filter((r) => r.feed_id === A)).toHaveLength(1);
    await dispatch("subscriptions.subscribe", {
      url: `https://example.com/${A}.xml`,
      feedId: A,
      view: 2,
    });
    expect((await subscriptionRows(db)).find((r) => r.feed_id === A)).toMatchObject({
      view: 2,
      category: "News",
    });
  });

  it("edits, batch-edits and unsubscribes", async () => {
    await dispatch("subscriptions.edit", { feedId: A, title: "Mine", isPrivate: true });
    await dispatch("subscriptions.batchEdit", { feedIds: [A, B], view: 3 });
    let rows = await subscriptionRows(db);
    expect(rows.find((r) => r.feed_id === A)).toMatchObject({
      title: "Mine",
      is_private: 1,
      view: 3,
    });
    expect(rows.find((r) => r.feed_id === B)).toMatchObject({ view: 3, category: "News" });
    await dispatch("subscriptions.unsubscribe", { feedIds: [A] });
    rows = await subscriptionRows(db);
    expect(rows.map((r) => r.feed_id)).toEqual([B, P].sort());
    expect((await unreadCounts(db))[A]).toBeUndefined();
  });

  it("renames, changes the view of and deletes a category", async () => {
    await dispatch("categories.rename", { feedIds: [A, B], category: "News", to: "Daily" });
    await dispatch("categories.changeView", { feedIds: [A, B], category: "Daily", view: 4 });
    let rows = await subscriptionRows(db);
    expect(rows.filter((r) => r.category === "Daily").map((r) => r.view)).toEqual([4, 4]);
    await dispatch("categories.delete", { feedIds: [A], category: "Daily" });
    await dispatch("categories.delete", {
      feedIds: [B],
      category: "Daily",
      deleteSubscriptions: true,
    });
    rows = await subscriptionRows(db);
    expect(rows.map((r) => [r.feed_id, r.category])).toEqual([
      [A, null],
      [P, null],
    ]);
  });
});
