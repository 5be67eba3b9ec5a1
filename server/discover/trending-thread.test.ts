import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unfetchedFeedRow } from "../../tests/support/feed-rows.ts";
import {
  migratedSqliteFile,
  type TemporaryDatabase,
} from "../../tests/support/migrated-database.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { rankTrending } from "../storage/trending.ts";
import { rankTrendingOnThread, trendingRanker } from "./trending-thread.ts";

const NOW = new Date();
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

describe("trending ranked on a worker thread over the SQLite file", () => {
  let temporary: TemporaryDatabase;
  let database: DatabaseHandle;

  beforeAll(async () => {
    temporary = await migratedSqliteFile("follow-trending-thread-");
    database = temporary.database;
    const db = database.db;
    for (const [feed, followers] of [
      ["popular", 3],
      ["quiet", 1],
    ] as const) {
      await db
        .insertInto("feed")
        .values(unfetchedFeedRow(feed, `https://${feed}.example/`, hoursAgo(100)))
        .execute();
      for (let user = 0; user < followers; user++) {
        await db
          .insertInto("subscription")
          .values({
            user_id: `u${user}`,
            feed_id: feed,
            view: 0,
            is_private: 0,
            created_at: hoursAgo(user + 1),
          })
          .execute();
      }
    }
  });
  afterAll(async () => {
    await temporary?.dispose();
  });

  it("answers the ranking the server's own thread would compute", async () => {
    const onThread = await rankTrendingOnThread(database.location, NOW);
    expect(onThread.feeds.map((feed) => feed.id)).toEqual(["popular", "quiet"]);
    expect(onThread).toEqual(await rankTrending(database, NOW));
  });

  it("is the server's choice for a SQLite file, and not for an in-memory database", async () => {
    // For a file the thread opens the file itself: the handle it is given is not touched.
    const untouched = {} as DatabaseHandle;
    const fromFile = await trendingRanker(database)(untouched);
    expect(fromFile.feeds.map((feed) => feed.id)).toEqual(["popular", "quiet"]);
    // In memory there is no file to share: the handle's own connection ranks, in process.
    const memory = { ...database, location: ":memory:" };
    const inProcess = await trendingRanker(memory)(memory);
    expect(inProcess.feeds.map((feed) => feed.id)).toEqual(["popular", "quiet"]);
    await expect(trendingRanker(memory)(untouched)).rejects.toThrow();
  });

  it("rejects, and does not hang, when the file cannot be ranked", async () => {
    await expect(
      rankTrendingOnThread(join(temporary.dir, "missing-dir", "none.sqlite")),
    ).rejects.toThrow(/trending/);
  });
});
