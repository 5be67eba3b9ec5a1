import { firstValueFrom } from "rxjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FeedSelection } from "../../contract/routes.ts";
import { seed, testId } from "../commands/testing/seed.ts";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { createDispatcher, type Dispatch } from "../sync/dispatch.ts";
import {
  entryCards$,
  entryDetail$,
  subscriptionTree$,
  type TimelineQuery,
  timelineIds$,
  timelineUnreadCount$,
  viewUnreadTotals$,
} from "./index.ts";

const [a, b, c] = [testId(1), testId(2), testId(3)];
const e = (n: number) => testId(100 + n);

describe("reader queries on the local store", () => {
  let db: LocalDatabase;
  let dispatch: Dispatch;

  beforeEach(async () => {
    db = await openMemoryDatabase();
    await seed(db, [
      { id: a, category: "Tech", entries: [{ id: e(1) }, { id: e(2), read: true }] },
      { id: b, category: "Tech", isPrivate: true, entries: [{ id: e(3) }] },
      { id: c, view: 2, entries: [{ id: e(4) }, { id: e(5) }] },
    ]);
    dispatch = createDispatcher({ db });
  });
  afterEach(() => db.close());

  const ids = async (query: TimelineQuery, limit = 50, keep: string[] = []) =>
    (await firstValueFrom(timelineIds$(db, query, limit, () => keep))).rows.map((r) => r.id);

  it("groups a view's subscriptions by folder with unread counts", async () => {
    const tree = await firstValueFrom(subscriptionTree$(db, 0));
    expect(tree.folders.map((f) => [f.name, f.unread, f.items.length])).toEqual([["Tech", 2, 2]]);
    expect(tree.loose).toEqual([]);
    expect(tree.unread).toBe(2);
    expect(await firstValueFrom(viewUnreadTotals$(db))).toEqual({ 0: 2, 2: 2 });
  });

  it("lists a selection newest first, unread only, keeping what was read on screen", async () => {
    const all: TimelineQuery = { view: 0, feed: { kind: "all" }, unreadOnly: false };
    // Seeded an hour apart per feed: e2 and e5 are newest; ties go by id, newest id first.
    expect(await ids(all)).toEqual([e(2), e(3), e(1)]);
    expect(await ids({ ...all, unreadOnly: true })).toEqual([e(3), e(1)]);
    expect(await ids({ ...all, unreadOnly: true }, 50, [e(2)])).toEqual([e(2), e(3), e(1)]);
    expect(await ids({ ...all, feed: { kind: "folder", name: "Tech" } })).toEqual([
      e(2),
      e(3),
      e(1),
    ]);
    expect(await ids({ ...all, feed: { kind: "feed", feedId: a } })).toEqual([e(2), e(1)]);
    expect(await ids({ ...all, feed: { kind: "feeds", feedIds: [a, c] } })).toEqual([
      e(5),
      e(2),
      e(4),
      e(1),
    ]);
    expect(await ids({ view: 2, feed: { kind: "all" }, unreadOnly: true })).toEqual([e(5), e(4)]);
    const page = await firstValueFrom(timelineIds$(db, all, 2));
    expect(page.more).toBe(true);
    expect(page.rows).toHaveLength(2);
  });

  it("reads a window from any row on, in either order, ties on time included", async () => {
    for (const oldestFirst of [false, true]) {
      for (const feed of [
        { kind: "all" },
        { kind: "feeds", feedIds: [a, b, c] },
      ] as FeedSelection[]) {
        const query: TimelineQuery = { view: 0, feed, unreadOnly: false, oldestFirst };
        const whole = (await firstValueFrom(timelineIds$(db, query, 50))).rows;
        expect(whole.length).toBeGreaterThan(2);
        for (const [k, start] of whole.entries()) {
          const window = await firstValueFrom(timelineIds$(db, query, 2, undefined, {}, start));
          expect(window.rows).toEqual(whole.slice(k, k + 2));
          expect(window.more).toBe(k + 2 < whole.length);
        }
      }
    }
    // The seed has entries sharing a publish time: the cursor's id decides within them.
    const all: TimelineQuery = {
      view: 0,
      feed: { kind: "feeds", feedIds: [a, b, c] },
      unreadOnly: false,
    };
    const times = (await firstValueFrom(timelineIds$(db, all, 50))).rows.map((r) => r.publishedAt);
    expect(new Set(times).size).toBeLessThan(times.length);
  });

  it("re-emits after commands: read, star, collections", async () => {
    await dispatch("entries.markRead", { entryIds: [e(1)] });
    await dispatch("collections.star", { entryId: e(4) });
    const unread = { view: 0, feed: { kind: "all" }, unreadOnly: true } as const;
    expect(await ids(unread)).toEqual([e(3)]);
    expect(await firstValueFrom(timelineUnreadCount$(db, unread))).toBe(1);
    expect(await ids({ view: 2, feed: { kind: "collections" }, unreadOnly: true })).toEqual([e(4)]);
    const cards = await firstValueFrom(entryCards$(db, [e(1), e(4)]));
    expect(cards[e(1)]).toMatchObject({
      read: true,
      starred: false,
      feedTitle: `Feed ${a}`,
      view: 0,
    });
    expect(cards[e(4)]).toMatchObject({ read: false, starred: true, view: 2 });
    expect(await firstValueFrom(entryDetail$(db, e(4)))).toMatchObject({ id: e(4), starred: true });
    expect(await firstValueFrom(entryDetail$(db, testId(999)))).toBeNull();
  });

  it("mark all read of a folder leaves its private feed alone", async () => {
    await dispatch("entries.markAllRead", { feedIdList: [a], excludePrivate: true });
    const tree = await firstValueFrom(subscriptionTree$(db, 0));
    expect(tree.folders[0]!.items.map((i) => [i.feedId, i.unread])).toEqual([
      [a, 0],
      [b, 1],
    ]);
  });
});
