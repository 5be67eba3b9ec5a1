import type { LocalDatabase } from "../../src/db/types.ts";

export interface LocalSeedOptions {
  /** Subscribed feeds; entries are dealt round-robin over them. */
  feeds: number;
  entries: number;
  /** Every `readEvery`-th entry is read (0: none, all entries unread). */
  readEvery?: number;
}

export interface LocalSeed {
  feedIds: string[];
  entries: number;
  unread: number;
  ms: number;
}

// Entity-id-shaped ids (19 digits, a 2024+ snowflake time) as the command payloads require:
// entry i is ENTRY_BASE + i, feed f is FEED_BASE + f (SQL literals: past 2^53, not bindable).
const ENTRY_BASE = 1_800_000_000_000_000_000n;
const FEED_BASE = 1_800_000_000_100_000_000n;
const NEWEST = Date.parse("2026-05-01T12:00:00Z") / 1000;

export function entryId(i: number): string {
  return (ENTRY_BASE + BigInt(i)).toString();
}

export function feedId(f: number): string {
  return (FEED_BASE + BigInt(f)).toString();
}

/** 60% of subscriptions in view 0 (articles), the rest over views 1-3, as bench seeds do. */
const VIEW_SQL =
  "CASE WHEN f % 10 < 6 THEN 0 WHEN f % 10 < 8 THEN 1 WHEN f % 10 < 9 THEN 2 ELSE 3 END";

/**
 * Fills a migrated local database with what a pull would leave: `feeds` public feed
 * subscriptions, `entries` entries in list form (no content) one minute apart, newest first,
 * dealt round-robin over the feeds, and the per-feed unread counts. Three INSERT ... SELECT
 * statements over recursive CTEs in one transaction, so SQLite does the work, not per-row JS.
 */
export async function seedLocalEntries(
  db: LocalDatabase,
  options: LocalSeedOptions,
): Promise<LocalSeed> {
  const started = performance.now();
  const readEvery = options.readEvery ?? 0;
  const created = "2026-01-01T00:00:00.000Z";
  await db.transaction(["feeds", "subscriptions", "entries", "unread", "meta"], async (tx) => {
    await tx.execute("INSERT INTO meta (key, value) VALUES ('userId', 'bench-user')");
    await tx.execute(
      `WITH RECURSIVE n(f) AS (SELECT 0 UNION ALL SELECT f + 1 FROM n WHERE f + 1 < ?)
       INSERT INTO feeds (id, url, title, site_url)
       SELECT CAST(${FEED_BASE} + f AS TEXT), 'https://site' || f || '.example.com/feed.xml', 'Feed ' || f,
              'https://site' || f || '.example.com' FROM n`,
      [options.feeds],
    );
    await tx.execute(
      `WITH RECURSIVE n(f) AS (SELECT 0 UNION ALL SELECT f + 1 FROM n WHERE f + 1 < ?)
       INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, title, category, created_at, type)
       SELECT 'feed/' || CAST(${FEED_BASE} + f AS TEXT), CAST(${FEED_BASE} + f AS TEXT), 'bench-user', ${VIEW_SQL}, 0,
              NULL, 'category ' || (f % 12), ?, 'feed' FROM n`,
      [options.feeds, created],
    );
    await tx.execute(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
       INSERT INTO entries (id, title, url, description, guid, author, inserted_at, published_at,
                            media, categories, attachments, language, feed_id, read)
       SELECT CAST(${ENTRY_BASE} + i AS TEXT), 'Post ' || i || ': lorem ipsum dolor sit amet',
              'https://site' || (i % ?) || '.example.com/posts/' || i,
              'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.',
              'guid-' || i, 'Author ' || (i % 7),
              strftime('%Y-%m-%dT%H:%M:%fZ', ? - i * 60 + 30, 'unixepoch'),
              strftime('%Y-%m-%dT%H:%M:%fZ', ? - i * 60, 'unixepoch'),
              '[]', '["news","tech"]', '[]', 'en', CAST(${FEED_BASE} + (i % ?) AS TEXT),
              CASE WHEN ? > 0 AND i % ? = 0 THEN 1 ELSE 0 END
       FROM n`,
      [
        options.entries,
        options.feeds,
        NEWEST,
        NEWEST,
        options.feeds,
        readEvery,
        Math.max(readEvery, 1),
      ],
    );
    await tx.execute(
      `INSERT INTO unread (subscription_id, count)
       SELECT feed_id, SUM(read = 0) FROM entries GROUP BY feed_id`,
    );
  });
  const rows = await db.query<{ n: number }>("SELECT COALESCE(SUM(count), 0) AS n FROM unread");
  return {
    feedIds: Array.from({ length: options.feeds }, (_, f) => feedId(f)),
    entries: options.entries,
    unread: Number(rows[0]?.n ?? 0),
    ms: performance.now() - started,
  };
}

/** Nearest-rank percentile (p in 0..100) of some samples. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}
