import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchQuery } from "../../contract/search/query.ts";
import type { DatabaseHandle } from "../../server/db/connect.ts";
import { type EntrySearchFilter, searchEntries } from "../../server/storage/search.ts";
import { type IndexedEntry, writeSearchRows } from "../../server/storage/search-index.ts";
import { storedEntryRow } from "../support/feed-rows.ts";
import { migratedDatabase, type TemporaryDatabase } from "../support/migrated-database.ts";
import { DIALECTS } from "../support/server.ts";

/**
 * The bounds on ranked search (candidate cap, SQLite's walk window) at a small scale: the user
 * follows one feed of ten, whose entries are the oldest, so the first windows hold none of
 * theirs and must grow; answers say when fewer were ranked than matched.
 */
const USER = "limits-user";
const FEEDS = 10;
const ENTRIES = 100;
const LIMITS = { candidates: 5, firstWindow: 10, firstEntryWindow: 10 };

function query(text: string) {
  const parsed = parseSearchQuery(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.query;
}

describe.each(DIALECTS)("search limits on %s", (dialect) => {
  let temporary: TemporaryDatabase | undefined;
  let database: DatabaseHandle;
  const search = (text: string, filter: Partial<EntrySearchFilter> = {}) =>
    searchEntries(database, USER, query(text), { limit: 20, offset: 0, ...filter }, LIMITS);

  beforeAll(async () => {
    temporary = await migratedDatabase(dialect, "follow-search-limits-");
    database = temporary.database;
    const at = "2026-01-01T00:00:00.000Z";
    await database.db
      .insertInto("feed")
      .values(
        Array.from({ length: FEEDS }, (_, f) => ({
          id: `${1700 + f}000000000000`,
          url: `https://site${f}.example.com/feed.xml`,
          title: `Feed ${f}`,
          failure_count: 0,
          next_check_at: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await database.db
      .insertInto("subscription")
      .values({
        user_id: USER,
        feed_id: "1700000000000000",
        view: 0,
        is_private: 0,
        created_at: at,
      })
      .execute();
    // Entry i belongs to feed floor(i / 10): the followed feed's ten are the oldest.
    const entries = Array.from({ length: ENTRIES }, (_, i) =>
      storedEntryRow({
        id: String(1_800_000_000_000_000_000n + BigInt(i)),
        feed_id: `${1700 + Math.floor(i / 10)}000000000000`,
        published_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
        guid: `g${i}`,
        title: i === 3 ? "kettle kettle kettle" : `post ${i}`,
        content: `<p>a kettle of fish, story ${i}</p>`,
        author: "Ada",
      }),
    );
    await database.db.insertInto("entry").values(entries).execute();
    await writeSearchRows(database.db, database.dialect, entries as IndexedEntry[]);
  });
  afterAll(async () => {
    await temporary?.dispose();
  });

  it("reaches the user's matches past windows holding none, and says how many were ranked", async () => {
    const { hits, rankedAmong } = await search("kettle");
    expect(hits.length).toBe(LIMITS.candidates);
    expect(rankedAmong).toBe(LIMITS.candidates);
    for (const hit of hits) expect(hit.entries.feedId).toBe("1700000000000000");
  });

  it("widens the window of a filtered search the same way", async () => {
    // Nothing is unread here: "not unread" keeps every match, found past the first windows.
    const { hits, rankedAmong } = await search("kettle", { unread: false });
    expect(hits.map((hit) => hit.entries.guid).sort()).toEqual(["g5", "g6", "g7", "g8", "g9"]);
    expect(rankedAmong).toBe(LIMITS.candidates);
  });

  it("ranks within the newest candidates: the title match only when it is among them", async () => {
    // Entries 9..5 are the newest five of the feed; entry 3 (kettle in its title) is older:
    // below 4:00 four match, fewer than the cap, so all are ranked.
    const newest = await search("kettle");
    expect(newest.hits.map((hit) => hit.entries.guid).sort()).toEqual([
      "g5",
      "g6",
      "g7",
      "g8",
      "g9",
    ]);
    const older = await search("kettle", { before: "2026-01-01T04:00:00.000Z" });
    expect(older.hits[0]?.entries.guid).toBe("g3");
    expect(older.rankedAmong).toBeUndefined();
  });

  it("pages every match newest first, uncapped, for a timeline", async () => {
    const guids: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 5; page++) {
      const { hits } = await search("kettle", {
        newest: true,
        limit: 4,
        ...(before ? { before } : {}),
      });
      guids.push(...hits.map((hit) => hit.entries.guid));
      if (hits.length < 4) break;
      before = hits.at(-1)!.entries.publishedAt;
    }
    expect(guids).toEqual(["g9", "g8", "g7", "g6", "g5", "g4", "g3", "g2", "g1", "g0"]);
  });
  it("pages best first by offset within the window the first page chose: each match once", async () => {
    // This reader follows the oldest feed and the newest: the first window holds the newest
    // feed's ten matches, enough for a first page of four.
    const reader = "limits-paging-user";
    await database.db
      .insertInto("subscription")
      .values(
        ["1700000000000000", "1709000000000000"].map((feed_id) => ({
          user_id: reader,
          feed_id,
          view: 0,
          is_private: 0,
          created_at: "2026-01-01T00:00:00.000Z",
        })),
      )
      .execute();
    const limits = { ...LIMITS, candidates: 100 };
    const seen: string[] = [];
    let last: Awaited<ReturnType<typeof searchEntries>> | undefined;
    for (let offset = 0; offset < 40; offset += 4) {
      // Filtered, so PostgreSQL looks in its first window too.
      last = await searchEntries(
        database,
        reader,
        query("kettle"),
        { limit: 4, offset, unread: false },
        limits,
      );
      seen.push(...last.hits.map((hit) => hit.entries.guid));
      if (!last.hasMore) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `g${90 + i}`).sort());
    expect(last?.rankedAmong).toBe(10);
  });
});
