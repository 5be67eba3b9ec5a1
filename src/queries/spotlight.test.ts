import { firstValueFrom } from "rxjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seed, testId } from "../commands/testing/seed.ts";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { RAISE_SCAN, raiseCandidates$, recentUnread$ } from "./spotlight.ts";

const [feed, other] = [testId(1), testId(2)];
const e = (n: number) => testId(100 + n);

/** The spotlight's reads: a timeline's newest unread entries, and the newest unread anywhere. */
describe("spotlight queries", () => {
  let db: LocalDatabase;

  beforeEach(async () => {
    db = await openMemoryDatabase();
    await seed(db, [
      {
        id: feed,
        entries: [
          { id: e(1), publishedAt: "2026-01-01T01:00:00.000Z" },
          { id: e(2), publishedAt: "2026-01-01T03:00:00.000Z", read: true },
          { id: e(3), publishedAt: "2026-01-01T02:00:00.000Z" },
        ],
      },
      { id: other, entries: [{ id: e(4), publishedAt: "2026-01-01T04:00:00.000Z" }] },
    ]);
    await db.execute("UPDATE entries SET title = 'T ' || id, description = ?", ["d".repeat(1000)]);
  });
  afterEach(() => db.close());

  it("reads a timeline's unread entries, newest first, with the description cut short", async () => {
    const rows = await firstValueFrom(
      raiseCandidates$(db, { view: 0, feed: { kind: "feed", feedId: feed } }),
    );
    expect(rows.map((row) => row.id)).toEqual([e(3), e(1)]);
    expect(rows[0]?.title).toBe(`T ${e(3)}`);
    expect(rows[0]?.description).toHaveLength(300);
    const all = await firstValueFrom(raiseCandidates$(db, { view: 0, feed: { kind: "all" } }));
    expect(all.map((row) => row.id)).toEqual([e(4), e(3), e(1)]);
  });

  it("reads at most RAISE_SCAN rows however many are unread", async () => {
    for (let n = 0; n < RAISE_SCAN + 30; n += 1) {
      await db.execute(
        `INSERT INTO entries (id, guid, feed_id, read, inserted_at, published_at)
         VALUES (?, ?, ?, 0, ?, ?)`,
        [
          testId(1000 + n),
          `g${n}`,
          feed,
          "2026-02-01T00:00:00.000Z",
          `2026-02-01T${String(n % 24).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}:00.000Z`,
        ],
      );
    }
    const rows = await firstValueFrom(raiseCandidates$(db, { view: 0, feed: { kind: "all" } }));
    expect(rows).toHaveLength(RAISE_SCAN);
  });

  it("reads the newest unread entries published since a time, of any feed", async () => {
    const rows = await firstValueFrom(recentUnread$(db, "2026-01-01T02:00:00.000Z"));
    expect(rows.map((row) => row.id)).toEqual([e(4), e(3)]);
  });
});
