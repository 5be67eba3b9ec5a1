import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { unfetchedFeedRow } from "../../tests/support/feed-rows.ts";
import { migratedMemorySqlite } from "../../tests/support/migrated-database.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { rankTrending } from "./trending.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe("rankTrending (SQLite, real schema)", () => {
  let db: Kysely<Database>;
  let database: DatabaseHandle;

  beforeEach(async () => {
    database = await migratedMemorySqlite();
    db = database.db;
  });
  afterEach(async () => {
    await db.destroy();
  });

  async function feed(
    id: string,
    subscribers: Array<[user: string, days: number, isPrivate?: boolean]>,
  ) {
    await db
      .insertInto("feed")
      .values(unfetchedFeedRow(id, `https://${id}.example/`, daysAgo(30)))
      .execute();
    await db
      .insertInto("entry")
      .values({
        id: `${id}-e`,
        feed_id: id,
        guid: `${id}-e`,
        title: `${id} entry`,
        categories: "[]",
        media: "[]",
        attachments: "[]",
        content_hash: "h",
        published_at: daysAgo(1),
        inserted_at: daysAgo(1),
        updated_at: daysAgo(1),
      })
      .execute();
    for (const [user, days, isPrivate] of subscribers) {
      await db
        .insertInto("subscription")
        .values({
          user_id: user,
          feed_id: id,
          view: 0,
          is_private: isPrivate ? 1 : 0,
          created_at: daysAgo(days),
        })
        .execute();
    }
  }
  const read = (feedId: string, user: string, days: number) =>
    db
      .insertInto("read_history")
      .values({ entry_id: `${feedId}-e`, user_id: user, read_at: daysAgo(days) })
      .execute();

  it("lets recent activity outweigh more, older activity, and ignores what left the window", async () => {
    // Old: three subscribers five days ago. Fresh: two today. Ancient: ten, but last month.
    await feed("old", [
      ["a", 5],
      ["b", 5],
      ["c", 5],
    ]);
    await feed("fresh", [
      ["a", 0.1],
      ["b", 0.2],
    ]);
    await feed(
      "ancient",
      Array.from({ length: 10 }, (_, i): [string, number] => [`u${i}`, 20]),
    );
    const ranking = await rankTrending(database, NOW);
    expect(ranking.feeds.map((f) => f.id)).toEqual(["fresh", "old"]);
    // Halved every two days: 2 today against 3 five days ago (3 × 0.5^2.5 ≈ 0.53 of 1).
    expect(ranking.feeds[0]!.score).toBeGreaterThan(ranking.feeds[1]!.score * 3);
  });

  it("scores reads of entries for the entry and its feed, never for a privately followed feed", async () => {
    await feed("public", [["a", 10]]);
    await feed("secret", [["b", 10, true]]);
    await read("public", "a", 1);
    await read("public", "b", 2);
    await read("secret", "b", 0.1);
    const ranking = await rankTrending(database, NOW);
    expect(ranking.feeds.map((f) => f.id)).toEqual(["public"]);
    expect(ranking.entries).toEqual([
      { id: "public-e", feedId: "public", reads: 2, stars: 0, score: expect.any(Number) },
    ]);
  });

  it("never ranks an inbox, nor its mails, nor its owner for them, whoever follows it", async () => {
    await feed("mail", [
      ["a", 0.1],
      ["b", 0.1],
    ]);
    await db.updateTable("feed").set({ owner_user_id: "a" }).where("id", "=", "mail").execute();
    await db
      .insertInto("inbox")
      .values({
        id: "alice-news",
        owner_user_id: "a",
        feed_id: "mail",
        title: null,
        secret: "s",
        created_at: daysAgo(1),
      })
      .execute();
    await read("mail", "a", 0.1);
    await read("mail", "b", 0.1);
    const ranking = await rankTrending(database, NOW);
    expect(ranking.feeds).toEqual([]);
    expect(ranking.entries).toEqual([]);
    expect(ranking.users).toEqual([]);
  });

  it("counts events stamped slightly ahead of the clock as today's", async () => {
    await feed("skewed", [["a", -0.01]]);
    expect((await rankTrending(database, NOW)).feeds.map((f) => f.id)).toEqual(["skewed"]);
  });
});
