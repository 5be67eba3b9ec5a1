import { afterEach, describe, expect, it } from "vitest";
import { unfetchedFeedRow } from "../../tests/support/feed-rows.ts";
import { migratedMemorySqlite } from "../../tests/support/migrated-database.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { NormalizedEntry } from "../feed-model.ts";
import { shapedChunks, storeEntries } from "./entries.ts";
import { nextEntityId } from "./ids.ts";

describe("shapedChunks", () => {
  it("cuts a list into consecutive chunks of the given sizes only", () => {
    const items = Array.from({ length: 49 }, (_, i) => i);
    const chunks = shapedChunks(items, [50, 20, 5, 1]);
    expect(chunks.map((c) => c.length)).toEqual([20, 20, 5, 1, 1, 1, 1]);
    expect(chunks.flat()).toEqual(items);
    expect(shapedChunks(items.concat(items, items), [50, 20, 5, 1]).map((c) => c.length)).toEqual([
      50, 50, 20, 20, 5, 1, 1,
    ]);
    expect(shapedChunks([], [50, 1])).toEqual([]);
  });
});

describe("storeEntries statement shapes", () => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
  });

  function entry(feed: number, i: number): NormalizedEntry {
    return {
      guid: `g-${feed}-${i}`,
      title: `Entry ${i}`,
      url: `https://example.com/${feed}/${i}`,
      content: "<p>text</p>",
      description: "text",
      author: null,
      authorUrl: null,
      authorAvatar: null,
      publishedAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      categories: [],
      media: [],
      attachments: [],
      language: null,
    };
  }

  // Each distinct SQL text stays prepared in the statement cache (a 50-row insert ~120 KB).
  it("uses a handful of SQL texts whatever the number of entries per feed", async () => {
    const texts = new Set<string>();
    database = await migratedMemorySqlite((query) => texts.add(query.sql));
    const db = database.db;
    const now = new Date().toISOString();
    let stored = 0;
    for (let feed = 1; feed <= 120; feed++) {
      const id = nextEntityId();
      await db
        .insertInto("feed")
        .values(unfetchedFeedRow(id, `https://f${feed}.example/`, now))
        .execute();
      for (const user of ["a", "b"]) {
        await db
          .insertInto("subscription")
          .values({
            user_id: user,
            feed_id: id,
            view: 0,
            is_private: 0,
            title: null,
            category: null,
            created_at: now,
          })
          .execute();
      }
      const result = await storeEntries(
        database,
        id,
        Array.from({ length: feed }, (_, i) => entry(feed, i)),
      );
      stored += result.inserted;
    }
    expect(stored).toBe((120 * 121) / 2);
    const count = (prefix: RegExp) => [...texts].filter((sql) => prefix.test(sql)).length;
    expect(count(/^insert into "entry"/)).toBeLessThanOrEqual(4);
    expect(count(/^insert into "unread"/)).toBeLessThanOrEqual(4);
    expect(count(/^select "id", "guid", "content_hash" from "entry"/)).toBeLessThanOrEqual(5);
  });
});
