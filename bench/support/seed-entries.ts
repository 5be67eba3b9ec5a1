import SQLite from "better-sqlite3";
import { createIdGenerator, ID_EPOCH } from "../../contract/ids.ts";
import { seededRandom } from "./feed-docs.ts";

export interface SeedOptions {
  userId: string;
  feeds: number;
  entries: number;
  /** Newest entries per feed that stay unread (a new subscription's backfill is 100). */
  unreadNewest: number;
  /** Share of the older entries that are unread too. */
  unreadShare: number;
  /** Share of entries starred. */
  starredShare: number;
}

export interface SeedResult {
  feedIds: string[];
  /** The subscription view of each feed, same order. */
  views: number[];
  entries: number;
  unread: number;
  starred: number;
  ms: number;
}

const SPAN_MS = 2 * 365 * 24 * 3_600_000;

/** 60% of subscriptions in view 0 (articles), the rest spread over views 1-3. */
function viewOf(i: number): number {
  const slot = i % 10;
  return slot < 6 ? 0 : slot < 8 ? 1 : slot < 9 ? 2 : 3;
}

/**
 * Seeds a server's SQLite file (schema already migrated, server stopped) with one user's
 * reading data, straight through better-sqlite3 prepared statements in large transactions:
 * `feeds` feeds the user subscribes to, `entries` entries spread evenly over them and over the
 * last two years, inserted in publication order across feeds (as ingestion would), plus unread
 * and starred rows. Entry ids are snowflakes of their insertion time, like the server's.
 */
export function seedEntries(path: string, options: SeedOptions): SeedResult {
  const started = performance.now();
  const db = new SQLite(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -524288"); // 512 MB while seeding
  const random = seededRandom(42);
  const now = Date.now();
  const start = Math.max(now - SPAN_MS, ID_EPOCH + 86_400_000);
  const nowIso = new Date(now).toISOString();
  let clock = start;
  const nextId = createIdGenerator({ worker: 7, now: () => clock });

  const feedIds: string[] = [];
  const views: number[] = [];
  const insertFeed = db.prepare(
    `INSERT INTO feed (id, url, title, description, image, site_url, language, owner_user_id,
       error_at, error_message, failure_count, etag, last_modified, checked_at, next_check_at,
       lease_owner, lease_until, created_at, updated_at)
     VALUES (?, ?, ?, ?, NULL, ?, 'en', NULL, NULL, NULL, 0, NULL, NULL, ?, ?, NULL, NULL, ?, ?)`,
  );
  const insertSubscription = db.prepare(
    `INSERT INTO subscription (user_id, feed_id, view, is_private, title, category, created_at)
     VALUES (?, ?, ?, ?, NULL, ?, ?)`,
  );
  db.transaction(() => {
    const farFuture = new Date(now + 365 * 24 * 3_600_000).toISOString();
    for (let i = 0; i < options.feeds; i++) {
      const id = nextId();
      feedIds.push(id);
      views.push(viewOf(i));
      const site = `https://site${i}.example.com`;
      insertFeed.run(
        id,
        `${site}/feed.xml`,
        `Feed ${i}`,
        `The feed of site ${i}`,
        site,
        nowIso,
        farFuture,
        nowIso,
        nowIso,
      );
      insertSubscription.run(
        options.userId,
        id,
        viewOf(i),
        i % 50 === 0 ? 1 : 0,
        `category ${i % 12}`,
        nowIso,
      );
    }
  })();

  const insertEntry = db.prepare(
    `INSERT INTO entry (id, feed_id, guid, title, url, content, description, author, author_url,
       author_avatar, language, categories, media, attachments, extra, content_hash, published_at,
       inserted_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, 'en', ?, ?, '[]', NULL, ?, ?, ?, ?)`,
  );
  const insertUnread = db.prepare(
    "INSERT INTO unread (user_id, entry_id, feed_id, published_at) VALUES (?, ?, ?, ?)",
  );
  const insertStar = db.prepare(
    "INSERT INTO collection (user_id, entry_id, feed_id, view, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const perFeed = Math.ceil(options.entries / options.feeds);
  const paragraph =
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut " +
    "labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco.";
  let entries = 0;
  let unread = 0;
  let starred = 0;
  const batch = db.transaction((from: number, to: number) => {
    for (let slot = from; slot < to; slot++) {
      for (let f = 0; f < options.feeds && entries < options.entries; f++) {
        const feedId = feedIds[f]!;
        const published = start + ((slot + random()) * (now - start)) / perFeed;
        clock = Math.min(now, published + 60_000 + random() * 600_000);
        const id = nextId();
        const publishedIso = new Date(published).toISOString();
        const insertedIso = new Date(clock).toISOString();
        const url = `https://site${f}.example.com/posts/${slot}`;
        insertEntry.run(
          id,
          feedId,
          url,
          `Post ${slot} of feed ${f}: ${paragraph.slice(0, 40)}`,
          url,
          `<p>${paragraph}</p><p><a href="${url}/more">more</a> <img src="https://cdn.example.com/${f}/${slot}.jpg"></p><p>${paragraph}</p><p>${paragraph}</p>`,
          paragraph,
          `Author ${f % 7}`,
          '["news","tech"]',
          slot % 3 === 0
            ? `[{"type":"photo","url":"https://cdn.example.com/${f}/${slot}.jpg"}]`
            : "[]",
          (entries + 1e15).toString(16).padStart(64, "0"),
          publishedIso,
          insertedIso,
          insertedIso,
        );
        entries++;
        if (slot >= perFeed - options.unreadNewest || random() < options.unreadShare) {
          insertUnread.run(options.userId, id, feedId, publishedIso);
          unread++;
        }
        if (random() < options.starredShare) {
          insertStar.run(options.userId, id, feedId, views[f]!, insertedIso);
          starred++;
        }
      }
    }
  });
  const slotsPerBatch = Math.max(1, Math.floor(50_000 / options.feeds));
  for (let slot = 0; slot < perFeed; slot += slotsPerBatch) {
    batch(slot, Math.min(perFeed, slot + slotsPerBatch));
  }
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return { feedIds, views, entries, unread, starred, ms: performance.now() - started };
}
