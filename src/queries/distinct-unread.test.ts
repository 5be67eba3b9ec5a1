import { firstValueFrom } from "rxjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seed, testId } from "../commands/testing/seed.ts";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { subscriptionTree$, timelineUnreadCount$, viewUnreadTotals$ } from "./index.ts";

const [feed, other, listOnly, list] = [testId(1), testId(2), testId(3), testId(9)];
const e = (n: number) => testId(100 + n);

/** A feed followed directly and through a list is one set of unread entries, not two. */
describe("unread counts of distinct entries", () => {
  let db: LocalDatabase;

  beforeEach(async () => {
    db = await openMemoryDatabase();
    await seed(db, [
      { id: feed, category: "Tech", entries: [{ id: e(1) }, { id: e(2) }, { id: e(3) }] },
      { id: other, entries: [{ id: e(4) }] },
    ]);
    // A followed list holding the feed and one reached only through it (2 unread).
    await db.execute("INSERT INTO lists (id, title, feed_ids, view) VALUES (?, 'Reading', ?, 0)", [
      list,
      JSON.stringify([feed, listOnly]),
    ]);
    await db.execute(
      `INSERT INTO subscriptions (id, list_id, user_id, view, is_private, category, type)
       VALUES (?, ?, 'u1', 0, 0, 'Tech', 'list')`,
      [`list/${list}`, list],
    );
    await db.execute("INSERT INTO unread (subscription_id, count) VALUES (?, 5), (?, 2)", [
      list,
      listOnly,
    ]);
  });
  afterEach(() => db.close());

  it("the view's total, its folder and its tab count each entry once", async () => {
    const tree = await firstValueFrom(subscriptionTree$(db, 0));
    expect(tree.unread).toBe(3 + 1 + 2);
    expect(tree.folders.find((f) => f.name === "Tech")?.unread).toBe(3 + 2);
    const listRow = tree.folders.flatMap((f) => f.items).find((item) => item.listId === list);
    expect(listRow?.unread).toBe(5);
    expect(await firstValueFrom(viewUnreadTotals$(db))).toEqual({ 0: 6 });
    const all = await firstValueFrom(
      timelineUnreadCount$(db, {
        view: 0,
        feed: { kind: "all" },
        unreadOnly: false,
        oldestFirst: false,
      } as Parameters<typeof timelineUnreadCount$>[1]),
    );
    expect(all).toBe(6);
  });
});
