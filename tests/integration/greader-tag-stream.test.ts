import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/connect.ts";
import { itemsByIds } from "../../server/greader/items-by-ids.ts";
import type { StreamAsk } from "../../server/greader/stream-query.ts";
import { readTagStream } from "../../server/greader/tag-stream.ts";
import { storedEntryRow } from "../support/feed-rows.ts";
import {
  migratedDatabase,
  migratedMemorySqlite,
  type TemporaryDatabase,
} from "../support/migrated-database.ts";
import { DIALECTS } from "../support/server.ts";

/**
 * A Google Reader label stream of the person's own entry tags, read in SQL: past 1,000 tagged
 * entries, one page per call, and only entries she may see (not another's inbox, not a
 * secret-URL feed she reaches through a list alone).
 */
const USER = "tag-stream-user";
const OTHER = "tag-stream-other";
const BIG = 1005;
const AT = "2026-01-01T00:00:00.000Z";
const HOUR = 3_600_000;
const FEED = { mine: "1700000000000001", inbox: "1700000000000002" } as const;
const FEEDS = {
  ...FEED,
  secret: "1700000000000003",
  listed: "1700000000000004",
};

const timeOf = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * HOUR).toISOString();
const entry = (id: string, feedId: string, i: number) =>
  storedEntryRow({ id, feed_id: feedId, published_at: timeOf(i), title: `post ${i}` });
/** Entry i of her own feed: ids of one length, so text and number order agree. */
const bigId = (i: number) => String(1_800_000_000_000_000_000n + BigInt(i));

async function seed(database: DatabaseHandle) {
  const db = database.db;
  const feed = (id: string, url: string, owner: string | null = null) => ({
    id,
    url,
    title: url,
    owner_user_id: owner,
    failure_count: 0,
    next_check_at: AT,
    created_at: AT,
    updated_at: AT,
  });
  await db
    .insertInto("feed")
    .values([
      feed(FEEDS.mine, "https://mine.example.com/feed.xml"),
      feed(FEEDS.inbox, "inbox://other-handle", OTHER),
      feed(FEEDS.secret, "https://secret.example.com/feed.xml?key=s3cr3t"),
      feed(FEEDS.listed, "https://listed.example.com/feed.xml"),
    ])
    .execute();
  await db
    .insertInto("subscription")
    .values({ user_id: USER, feed_id: FEEDS.mine, view: 0, is_private: 0, created_at: AT })
    .execute();
  await db
    .insertInto("list")
    .values({
      id: "1900000000000001",
      owner_user_id: OTHER,
      title: "L",
      view: 0,
      fee: 0,
      created_at: AT,
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto("list_feed")
    .values(
      [FEEDS.secret, FEEDS.listed].map((feed_id) => ({
        list_id: "1900000000000001",
        feed_id,
        added_at: AT,
      })),
    )
    .execute();
  await db
    .insertInto("list_subscription")
    .values({ user_id: USER, list_id: "1900000000000001", view: 0, is_private: 0, created_at: AT })
    .execute();
  const big = Array.from({ length: BIG }, (_, i) => entry(bigId(i), FEEDS.mine, i));
  for (let at = 0; at < big.length; at += 200)
    await db
      .insertInto("entry")
      .values(big.slice(at, at + 200))
      .execute();
  await db
    .insertInto("entry")
    .values([
      entry("1810000000000000001", FEEDS.inbox, 1),
      entry("1810000000000000002", FEEDS.secret, 2),
      entry("1810000000000000003", FEEDS.listed, 3),
    ])
    .execute();
  const tag = (entry_id: string, name: string) => ({
    user_id: USER,
    entry_id,
    tag: name,
    created_at: AT,
  });
  const tags = [
    ...big.map((row) => tag(row.id, "Big")),
    ...[bigId(0), "1810000000000000001", "1810000000000000002", "1810000000000000003"].map((id) =>
      tag(id, "Mixed"),
    ),
  ];
  for (let at = 0; at < tags.length; at += 200)
    await db
      .insertInto("entry_tag")
      .values(tags.slice(at, at + 200))
      .execute();
  // Of the first ten: 0–4 unread, 2 and 7 starred.
  await db
    .insertInto("unread")
    .values(
      [0, 1, 2, 3, 4].map((i) => ({
        user_id: USER,
        entry_id: bigId(i),
        feed_id: FEEDS.mine,
        published_at: timeOf(i),
      })),
    )
    .execute();
  await db
    .insertInto("collection")
    .values(
      [2, 7].map((i) => ({
        user_id: USER,
        entry_id: bigId(i),
        feed_id: FEEDS.mine,
        view: 0,
        created_at: AT,
      })),
    )
    .execute();
}

const ask = (over: Partial<StreamAsk>): StreamAsk => ({
  streamId: undefined,
  count: 20,
  oldestFirst: false,
  exclude: [],
  include: [],
  ...over,
});
const ids = (page: { items: { entries: { id: string } }[] }) =>
  page.items.map((item) => item.entries.id);

describe.each(DIALECTS)("Google Reader tag stream on %s", (dialect) => {
  let temporary: TemporaryDatabase | undefined;
  let database: DatabaseHandle;

  beforeAll(async () => {
    temporary = await migratedDatabase(dialect, "follow-tag-stream-");
    database = temporary.database;
    await seed(database);
  }, 120_000);
  afterAll(async () => {
    await temporary?.dispose();
  });

  it("pages through more than 1,000 tagged entries, newest first, none skipped or repeated", async () => {
    const seen: string[] = [];
    let continuation: string | undefined;
    do {
      const page = await readTagStream(
        database,
        USER,
        "Big",
        ask({ count: 400, continuation, withContent: false }),
      );
      seen.push(...ids(page));
      continuation = page.continuation;
    } while (continuation);
    expect(seen).toEqual(Array.from({ length: BIG }, (_, i) => bigId(BIG - 1 - i)));
  });

  it("applies r=o, ot/nt and the read and starred states", async () => {
    const oldest = await readTagStream(database, USER, "Big", ask({ count: 3, oldestFirst: true }));
    expect(ids(oldest)).toEqual([bigId(0), bigId(1), bigId(2)]);
    const next = await readTagStream(
      database,
      USER,
      "Big",
      ask({ count: 3, oldestFirst: true, continuation: oldest.continuation }),
    );
    expect(ids(next)).toEqual([bigId(3), bigId(4), bigId(5)]);
    const window = await readTagStream(
      database,
      USER,
      "Big",
      ask({ since: Date.parse(timeOf(3)) / 1000, until: Date.parse(timeOf(6)) / 1000 }),
    );
    expect(ids(window)).toEqual([bigId(5), bigId(4), bigId(3)]);
    const unread = await readTagStream(
      database,
      USER,
      "Big",
      ask({ exclude: ["user/-/state/com.google/read"] }),
    );
    expect(ids(unread)).toEqual([4, 3, 2, 1, 0].map(bigId));
    expect(unread.items.every((item) => !item.read)).toBe(true);
    const starred = await readTagStream(
      database,
      USER,
      "Big",
      ask({ include: ["user/123/state/com.google/starred"] }),
    );
    expect(ids(starred)).toEqual([bigId(7), bigId(2)]);
    const unstarredUnread = await readTagStream(
      database,
      USER,
      "Big",
      ask({ exclude: ["user/-/state/com.google/read", "user/-/state/com.google/starred"] }),
    );
    expect(ids(unstarredUnread)).toEqual([4, 3, 1, 0].map(bigId));
  });

  it("serves only entries she may see, and nothing to someone else", async () => {
    const mixed = await readTagStream(database, USER, "Mixed", ask({}));
    // Not another's inbox entry, not a secret-URL feed's entry through a list alone.
    expect(ids(mixed)).toEqual(["1810000000000000003", bigId(0)]);
    expect((await readTagStream(database, OTHER, "Mixed", ask({}))).items).toEqual([]);
  });
});

describe("Google Reader tag stream queries", () => {
  it("reads one page of n, and items by id, in a bounded number of queries", async () => {
    let queries = 0;
    const database = await migratedMemorySqlite(() => {
      queries += 1;
    });
    try {
      await seed(database);
      queries = 0;
      const page = await readTagStream(database, USER, "Big", ask({ count: 2 }));
      expect(ids(page)).toEqual([bigId(BIG - 1), bigId(BIG - 2)]);
      expect(page.continuation).toBeDefined();
      expect(queries).toBeLessThanOrEqual(2);

      // stream/items/contents: 600 ids in the order asked, hidden ones left out, two queries
      // (500 ids a query), not one visibility query per id.
      const asked = [
        "1810000000000000001",
        ...Array.from({ length: 598 }, (_, i) => bigId(i)),
        "1810000000000000003",
      ];
      queries = 0;
      const items = await itemsByIds(database, USER, asked);
      expect(items.map((item) => item.entries.id)).toEqual(asked.slice(1));
      expect(items.every((item) => item.entries.content === "<p>body</p>")).toBe(true);
      expect(items.find((item) => item.entries.id === bigId(2))?.collections).toBeDefined();
      expect(items.find((item) => item.entries.id === bigId(9))?.read).toBe(true);
      expect(queries).toBeLessThanOrEqual(2);
    } finally {
      await database.close();
    }
  });
});
