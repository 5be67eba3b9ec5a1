import type { DatabaseHandle } from "../../server/db/connect.ts";
import type { EntryRow } from "../../server/db/schema.ts";
import { nextEntityId } from "../../server/storage/ids.ts";
import { unfetchedFeedRow } from "../../tests/support/feed-rows.ts";
import { seededRandom } from "./feed-docs.ts";

export interface TimelineSeed {
  feedIds: string[];
  entries: number;
  unread: number;
  ms: number;
}

const PARAGRAPH =
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut " +
  "labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco.";

/** 60% of subscriptions in view 0 (articles), the rest over views 1-3, as the other seeds. */
function viewOf(i: number): number {
  const slot = i % 10;
  return slot < 6 ? 0 : slot < 8 ? 1 : slot < 9 ? 2 : 3;
}

/**
 * One user's reading data through Kysely, so it works on SQLite and PostgreSQL alike, written as
 * a bulk ingest writes it (multi-row INSERTs in large transactions, no ANALYZE afterwards):
 * `feeds` subscribed feeds (60% in view 0), `entries` entries of about 1.5 KB of content dealt
 * over them, one every ten minutes back from now, the newest `unreadShare` of each feed unread.
 */
export async function seedTimeline(
  database: DatabaseHandle,
  options: { userId: string; feeds: number; entries: number; unreadShare?: number },
): Promise<TimelineSeed> {
  const started = performance.now();
  const random = seededRandom(7);
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const feedIds = Array.from({ length: options.feeds }, () => nextEntityId());
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < feedIds.length; i += 200) {
      const chunk = feedIds.slice(i, i + 200);
      await trx
        .insertInto("feed")
        .values(
          chunk.map((id, j) => ({
            ...unfetchedFeedRow(id, `https://site${i + j}.example.com/feed.xml`, nowIso),
            title: `Feed ${i + j}`,
            site_url: `https://site${i + j}.example.com`,
            checked_at: nowIso,
            next_check_at: new Date(now + 86_400_000).toISOString(),
          })),
        )
        .execute();
      await trx
        .insertInto("subscription")
        .values(
          chunk.map((id, j) => ({
            user_id: options.userId,
            feed_id: id,
            view: viewOf(i + j),
            is_private: 0,
            title: null,
            category: `category ${(i + j) % 12}`,
            created_at: nowIso,
          })),
        )
        .execute();
    }
  });

  const unreadShare = options.unreadShare ?? 0.1;
  const unreadFrom = Math.floor(options.entries * (1 - unreadShare));
  let unread = 0;
  const BATCH = 250;
  for (let start = 0; start < options.entries; start += 5000) {
    await database.db.transaction().execute(async (trx) => {
      for (let from = start; from < Math.min(options.entries, start + 5000); from += BATCH) {
        const rows: EntryRow[] = [];
        for (let i = from; i < Math.min(options.entries, start + 5000, from + BATCH); i++) {
          // Oldest first, as ingestion stores them; entry i is (entries - i) × 10 minutes old.
          const f = i % options.feeds;
          const at = new Date(now - (options.entries - i) * 600_000 + random() * 60_000);
          const url = `https://site${f}.example.com/posts/${i}`;
          rows.push({
            id: nextEntityId(),
            feed_id: feedIds[f]!,
            guid: url,
            title: `Post ${i} of feed ${f}: ${PARAGRAPH.slice(0, 40)}`,
            url,
            content: `<p>${PARAGRAPH}</p><p><a href="${url}/more">more</a> <img src="https://cdn.example.com/${f}/${i}.jpg"></p><p>${PARAGRAPH}</p><p>${PARAGRAPH}</p><p>${PARAGRAPH}</p><p>${PARAGRAPH}</p><p>${PARAGRAPH}</p>`,
            description: PARAGRAPH,
            author: `Author ${f % 7}`,
            author_url: null,
            author_avatar: null,
            language: "en",
            categories: '["news","tech"]',
            media:
              i % 3 === 0 ? `[{"type":"photo","url":"https://cdn.example.com/${i}.jpg"}]` : "[]",
            attachments: "[]",
            extra: null,
            content_hash: (i + 1e15).toString(16).padStart(64, "0"),
            published_at: at.toISOString(),
            inserted_at: nowIso,
            updated_at: nowIso,
          });
        }
        await trx.insertInto("entry").values(rows).execute();
        const unreadRows = rows
          .filter((_, k) => from + k >= unreadFrom)
          .map((row) => ({
            user_id: options.userId,
            entry_id: row.id,
            feed_id: row.feed_id,
            published_at: row.published_at,
          }));
        if (unreadRows.length > 0) await trx.insertInto("unread").values(unreadRows).execute();
        unread += unreadRows.length;
      }
    });
  }
  return { feedIds, entries: options.entries, unread, ms: performance.now() - started };
}
