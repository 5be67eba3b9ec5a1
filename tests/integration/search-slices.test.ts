import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchQuery } from "../../contract/search/query.ts";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import {
  type EntrySearchFilter,
  SEARCH_LIMITS,
  type SearchLimits,
  searchEntries,
} from "../../server/storage/search.ts";
import { type IndexedEntry, writeSearchRows } from "../../server/storage/search-index.ts";
import { SliceWalk } from "../../server/storage/search-slices.ts";
import { toTsquery } from "../../server/storage/tsquery.ts";
import { storedEntryRow } from "../support/feed-rows.ts";
import { migrateServerSchema } from "../support/migrated-database.ts";
import { createTestPostgres, type TestPostgres } from "../support/postgres.ts";

/**
 * PostgreSQL's newest-first walk in time slices (server/storage/search-slices.ts) against the
 * same search in one slice (SliceWalk) and in one query (searchEntries, firstSlice not finite:
 * the code slicing replaced): 600 entries an hour apart over three feeds, matches spread over
 * every slice, first slices of a few entries so a search walks many of them. Every query,
 * filter, cap and page must answer exactly the same hits, order, scores and counts.
 */
const USER = "slices-user";
const ENTRIES = 600;
const FEEDS = ["1700000000000000", "1701000000000000", "1702000000000000"];
const START = Date.UTC(2025, 0, 1);

function query(text: string) {
  const parsed = parseSearchQuery(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.query;
}

/** Entry i's words: kettle in every third and fifth, teapot in every seventh, a rare word in six. */
function bodyOf(i: number): string {
  const words = [`story ${i}`];
  if (i % 3 === 0) words.push("a red kettle");
  if (i % 7 === 0) words.push("the teapot");
  if (i % 100 === 7) words.push("samovar");
  if (i % 5 === 0) words.push("kettle kettle");
  // Dense in the newest entries, sparse before: each slice's estimate falls short.
  if (i >= ENTRIES - 40 || i % 10 === 0) words.push("ember");
  return `<p>${words.join(", ")}</p>`;
}

describe("search in time slices on PostgreSQL", () => {
  let postgres: TestPostgres;
  let database: DatabaseHandle;

  beforeAll(async () => {
    postgres = await createTestPostgres();
    database = connectDatabase({
      databaseUrl: postgres.url,
      databasePath: "/nonexistent/unused.sqlite",
      databasePoolMax: 2,
    });
    await migrateServerSchema(database.db);
    const at = "2025-01-01T00:00:00.000Z";
    await database.db
      .insertInto("feed")
      .values(
        FEEDS.map((id, f) => ({
          id,
          url: `https://site${f}.example.com/feed.xml`,
          title: `Feed ${f}`,
          failure_count: 0,
          next_check_at: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    // Followed: the first two feeds (two views, two folders); the third is someone else's read.
    await database.db
      .insertInto("subscription")
      .values(
        FEEDS.slice(0, 2).map((feed_id, f) => ({
          user_id: USER,
          feed_id,
          view: f,
          is_private: 0,
          category: `folder ${f}`,
          created_at: at,
        })),
      )
      .execute();
    const entries = Array.from({ length: ENTRIES }, (_, i) =>
      storedEntryRow({
        id: String(1_800_000_000_000_000_000n + BigInt(i)),
        feed_id: FEEDS[i % 3]!,
        published_at: new Date(START + i * 3_600_000).toISOString(),
        guid: `g${i}`,
        title: i % 11 === 0 ? "kettle news" : `post ${i}`,
        content: bodyOf(i),
        author: i % 4 === 0 ? "Ada Kettle" : "Ada",
      }),
    );
    await database.db.insertInto("entry").values(entries).execute();
    await writeSearchRows(database.db, database.dialect, entries as IndexedEntry[]);
    const followed = entries.filter((e) => e.feed_id !== FEEDS[2]);
    await database.db
      .insertInto("unread")
      .values(
        followed
          .filter((_, k) => k % 4 === 1)
          .map((e) => ({
            user_id: USER,
            entry_id: e.id,
            feed_id: e.feed_id,
            published_at: e.published_at,
          })),
      )
      .execute();
    await database.db
      .insertInto("collection")
      .values(
        followed
          .filter((_, k) => k % 9 === 2)
          .map((e) => ({
            user_id: USER,
            entry_id: e.id,
            feed_id: e.feed_id,
            view: e.feed_id === FEEDS[0] ? 0 : 1,
            created_at: at,
          })),
      )
      .execute();
    // The slices' first span is estimated from the table's size, known once analysed.
    await sql`analyze`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it("walks many slices and keeps the newest matches one walk would keep", async () => {
    const sliced = await SliceWalk.start(database, walkOf("ember", 60, 5));
    await sliced.walk();
    const whole = await SliceWalk.start(database, walkOf("ember", 60, Infinity));
    await whole.walk();
    expect(sliced.slices).toBeGreaterThanOrEqual(3);
    expect(whole.slices).toBe(1);
    expect(sliced.found).toEqual(whole.found);
    // The newest 60 of the followed feeds' matches, newest first.
    expect(sliced.found).toHaveLength(60);
    const times = sliced.found.map((c) => c.published_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("walks down to a floor first, then on below it, each match once", async () => {
    // The floor is a match's own publish time: it is in the slice above, not the one below.
    const floor = new Date(START + (ENTRIES - 20) * 3_600_000).toISOString();
    const sliced = await SliceWalk.start(database, walkOf("ember", 40, 5));
    await sliced.walk(floor);
    const above = sliced.found.length;
    expect(sliced.found.every((c) => c.published_at >= floor)).toBe(true);
    expect(sliced.found.at(-1)?.published_at).toBe(floor);
    await sliced.walk();
    const whole = await SliceWalk.start(database, walkOf("ember", 40, Infinity));
    await whole.walk();
    expect(sliced.found.length).toBeGreaterThan(above);
    expect(sliced.found).toEqual(whole.found);
  });

  it("walks every slice when fewer match than the cap", async () => {
    const sliced = await SliceWalk.start(database, walkOf("samovar", 1000, 100));
    await sliced.walk();
    // A first slice (holding entry 507), then the rest of time, which reads it again.
    expect(sliced.slices).toBe(2);
    // Entries 7, 107, ..., 507; those of the followed feeds (i % 3 is not 2), newest first.
    const expected = [507, 307, 207, 7];
    expect(sliced.found.map((c) => c.entry_id)).toEqual(
      expected.map((i) => String(1_800_000_000_000_000_000n + BigInt(i))),
    );
  });

  it("widens a filtered search's window four times over before it reads every match", async () => {
    // Every entry says "story"; half of followed feed 1's (view 1) are unread.
    const filter = { view: 1, unread: true, limit: 10, offset: 0 };
    const hour = (i: number) => new Date(START + i * 3_600_000).toISOString();
    const unreadSince = async (i: number) =>
      Number(
        (
          await database.db
            .selectFrom("unread")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("user_id", "=", USER)
            .where("feed_id", "=", FEEDS[1]!)
            .where("published_at", ">=", hour(i))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The newest 40 entries hold fewer than a page and one; the newest 160 (from entry 440,
    // as estimated from 600 rows over 599 hours) hold enough; all of them hold more.
    expect(await unreadSince(ENTRIES - 40)).toBeLessThan(filter.limit + 1);
    const window = await unreadSince(ENTRIES - 160);
    expect(window).toBeGreaterThanOrEqual(filter.limit + 1);
    expect(await unreadSince(0)).toBeGreaterThan(window);
    for (const firstSlice of [3, Infinity]) {
      const limits = { ...SEARCH_LIMITS, firstEntryWindow: 40, firstSlice };
      const answer = await searchEntries(database, USER, query("story"), filter, limits);
      expect(answer.rankedAmong).toBe(window);
      expect(answer.hits).toHaveLength(filter.limit);
      expect(answer.hasMore).toBe(true);
      expect(answer.hits.every((hit) => hit.entries.publishedAt >= hour(ENTRIES - 160))).toBe(true);
    }
  });

  const texts = [
    "kettle",
    "teapot",
    "kettle teapot",
    '"red kettle"',
    "title:kettle",
    "kettle -teapot",
    "samovar",
    "author:kettle",
  ];
  const filters: Array<Partial<EntrySearchFilter>> = [
    {},
    { view: 0 },
    { unread: true },
    { unread: false, view: 1 },
    { starred: true },
    { feedIds: [FEEDS[1]!] },
    { category: "folder 0" },
    { since: "2025-01-10T00:00:00.000Z", before: "2025-01-20T05:00:00.000Z" },
  ];
  const caps = [1000, 25];

  it("answers every query, filter, cap and page as the one-query search does", async () => {
    let compared = 0;
    for (const text of texts) {
      for (const filter of filters) {
        for (const candidates of caps) {
          for (const offset of [0, 10, 30]) {
            const limits = (firstSlice: number): SearchLimits => ({
              ...SEARCH_LIMITS,
              candidates,
              firstEntryWindow: 40,
              firstSlice,
            });
            const request = { limit: 10, offset, ...filter };
            const sliced = await searchEntries(database, USER, query(text), request, limits(3));
            const whole = await searchEntries(
              database,
              USER,
              query(text),
              request,
              limits(Infinity),
            );
            expect(sliced, `${text} ${JSON.stringify(request)} cap ${candidates}`).toEqual(whole);
            if (whole.hits.length > 0) compared++;
          }
        }
      }
    }
    // Most combinations find something: the comparison is not of empty answers.
    expect(compared).toBeGreaterThan(texts.length * filters.length * caps.length);
  });

  function walkOf(text: string, cap: number, firstSlice: number) {
    return { userId: USER, tsquery: toTsquery(query(text)), extra: sql``, cap, firstSlice };
  }
});
