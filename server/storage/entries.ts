import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database, EntryRow } from "../db/schema.ts";
import type { NormalizedEntry } from "../feed-model.ts";
import { shapedChunks } from "./chunks.ts";
import { feedAudience } from "./feed-access.ts";
import { lockFeeds } from "./feed-lock.ts";
import { nextEntityId } from "./ids.ts";
import { writeSearchRows } from "./search-index.ts";
import { nowIso } from "./time.ts";

export { shapedChunks };

export interface StoreResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * What the caller does around the write, beyond the entry tables (jobs/store-entries.ts runs
 * subscribers' action rules and collects notifications here). Each step is optional.
 */
export interface EntryWriteSteps {
  /** Before the write, outside its transaction (it may pause): the rows not stored yet. */
  beforeWrite?(unseen: () => Promise<readonly EntryRow[]>): Promise<void>;
  /** In the write, after each batch of new rows, with only the rows this write stored. */
  afterBatch?(trx: Transaction<Database>, inserted: readonly EntryRow[]): Promise<void>;
  /** In the write, once every new row is stored. */
  afterWrite?(trx: Transaction<Database>, inserted: readonly EntryRow[]): Promise<void>;
}

/**
 * Stores a feed's entries: new guids are inserted and become unread for every subscriber; a
 * known guid whose content changed is updated in place (its id, read state and stars stay).
 */
export async function storeEntries(
  database: DatabaseHandle,
  feedId: string,
  entries: readonly NormalizedEntry[],
  steps: EntryWriteSteps = {},
): Promise<StoreResult> {
  const result: StoreResult = { inserted: 0, updated: 0, unchanged: 0 };
  if (entries.length === 0) return result;
  const now = nowIso();
  // A feed may repeat a guid; the first occurrence wins, as readers show it.
  const unique = [...new Map(entries.map((e) => [e.guid, e])).values()];
  const fetchedAt = Date.parse(now);
  // Undated entries keep the feed's order, a millisecond apart, so no two share a time
  // (the timeline's paging cursor is the publish time).
  const rows = unique.map((entry, index) =>
    toRow(entry, feedId, now, new Date(fetchedAt - index).toISOString()),
  );
  await steps.beforeWrite?.(() => unseenRows(database, feedId, rows));

  await database.db.transaction().execute(async (trx) => {
    // Who gets the new entries unread is read below: not while someone starts following it.
    await lockFeeds(trx, database.dialect, [feedId]);
    const known = new Map<string, { id: string; content_hash: string }>();
    for (const chunk of shapedChunks(
      unique.map((e) => e.guid),
      GUID_LOOKUP_SIZES,
    )) {
      const rows = await trx
        .selectFrom("entry")
        .select(["id", "guid", "content_hash"])
        .where("feed_id", "=", feedId)
        .where("guid", "in", chunk)
        .execute();
      for (const row of rows) known.set(row.guid, row);
    }
    // Subscribers of the feed and of lists holding it (and an inbox's owner), once each.
    const reached = await trx
      .selectFrom("subscription")
      .select("user_id")
      .where("feed_id", "=", feedId)
      .union(
        trx
          .selectFrom("list_subscription")
          .innerJoin("list_feed", "list_feed.list_id", "list_subscription.list_id")
          .select("list_subscription.user_id")
          .where("list_feed.feed_id", "=", feedId),
      )
      // An inbox's entries are unread for its owner.
      .union(
        trx.selectFrom("inbox").select("owner_user_id as user_id").where("feed_id", "=", feedId),
      )
      .execute();
    // Of them, only those who may read it: an inbox's mail is its owner's, whoever follows it.
    const audience = await feedAudience(
      trx,
      feedId,
      reached.map((row) => row.user_id),
    );
    const subscribers = audience.map((user_id) => ({ user_id }));

    const fresh: EntryRow[] = [];
    for (const [index, entry] of unique.entries()) {
      const row = rows[index]!;
      const existing = known.get(entry.guid);
      if (!existing) {
        fresh.push(row);
      } else if (existing.content_hash !== row.content_hash) {
        const {
          id: _id,
          inserted_at: _inserted,
          feed_id: _feed,
          guid: _guid,
          published_at,
          ...changes
        } = row;
        // An undated entry keeps the time it was first seen at: an edit does not move it.
        const dated = entry.publishedAt !== null;
        const updated = await trx
          .updateTable("entry")
          .set(dated ? { ...changes, published_at } : changes)
          .where("id", "=", existing.id)
          .returning([
            "id",
            "feed_id",
            "published_at",
            "title",
            "content",
            "description",
            "author",
            "url",
          ])
          .execute();
        // The search index follows the edit (title, text, author, time).
        await writeSearchRows(trx, database.dialect, updated);
        // Unread rows carry the publish time for the newest-first walk: keep it in step.
        if (dated) {
          await trx
            .updateTable("unread")
            .set({ published_at })
            .where("entry_id", "=", existing.id)
            .execute();
        }
        result.updated += 1;
      } else {
        result.unchanged += 1;
      }
    }
    const insertedRows: EntryRow[] = [];
    // New rows go in as multi-row inserts (a row at a time was 3x slower, bench/ingest-store.ts).
    for (const batch of shapedChunks(fresh, ENTRY_INSERT_SIZES)) {
      // Another worker (or an admin refresh) may have stored the same guid meanwhile: keep
      // its row, and make unread rows only for the entries stored here.
      const stored = await trx
        .insertInto("entry")
        .values(batch)
        .onConflict((oc) => oc.columns(["feed_id", "guid"]).doNothing())
        .returning("id")
        .execute();
      const storedIds = new Set(stored.map((row) => row.id));
      const inserted = batch.filter((row) => storedIds.has(row.id));
      result.inserted += inserted.length;
      await writeSearchRows(trx, database.dialect, inserted);
      const unread = inserted.flatMap((row) =>
        subscribers.map((s) => ({
          user_id: s.user_id,
          entry_id: row.id,
          feed_id: feedId,
          published_at: row.published_at,
        })),
      );
      for (const rows of shapedChunks(unread, UNREAD_INSERT_SIZES)) {
        await trx
          .insertInto("unread")
          .values(rows)
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      // An entry another writer stored meanwhile is not in `inserted`: no second outcome.
      await steps.afterBatch?.(trx, inserted);
      insertedRows.push(...inserted);
    }
    await steps.afterWrite?.(trx, insertedRows);
  });
  return result;
}

/** The rows whose guid the feed does not have yet (read outside the write, for planning). */
async function unseenRows(
  database: DatabaseHandle,
  feedId: string,
  rows: readonly EntryRow[],
): Promise<EntryRow[]> {
  const known = new Set<string>();
  for (const chunk of shapedChunks(
    rows.map((row) => row.guid),
    GUID_LOOKUP_SIZES,
  )) {
    const found = await database.db
      .selectFrom("entry")
      .select("guid")
      .where("feed_id", "=", feedId)
      .where("guid", "in", chunk)
      .execute();
    for (const row of found) known.add(row.guid);
  }
  return rows.filter((row) => !known.has(row.guid));
}

/** The row storeEntries writes for a new entry (JSON columns, content hash). */
export function toRow(
  entry: NormalizedEntry,
  feedId: string,
  now: string,
  undatedAt: string = now,
): EntryRow {
  const media = JSON.stringify(
    entry.media.map((m) => ({
      type: m.type,
      url: m.url,
      ...(m.width ? { width: m.width } : {}),
      ...(m.height ? { height: m.height } : {}),
      ...(m.previewImageUrl ? { preview_image_url: m.previewImageUrl } : {}),
    })),
  );
  const attachments = JSON.stringify(
    entry.attachments.map((a) => ({
      url: a.url,
      ...(a.title ? { title: a.title } : {}),
      ...(a.mimeType ? { mime_type: a.mimeType } : {}),
      ...(a.sizeInBytes ? { size_in_bytes: a.sizeInBytes } : {}),
      ...(a.durationInSeconds ? { duration_in_seconds: a.durationInSeconds } : {}),
    })),
  );
  const row: EntryRow = {
    id: nextEntityId(),
    feed_id: feedId,
    guid: entry.guid,
    title: entry.title,
    url: entry.url,
    content: entry.content,
    description: entry.description,
    author: entry.author,
    author_url: entry.authorUrl,
    author_avatar: entry.authorAvatar,
    language: entry.language,
    categories: JSON.stringify(entry.categories),
    media,
    attachments,
    extra: entry.extra ? JSON.stringify(entry.extra) : null,
    content_hash: "",
    published_at: entry.publishedAt ? entry.publishedAt.toISOString() : undatedAt,
    inserted_at: now,
    updated_at: now,
  };
  row.content_hash = createHash("sha256")
    .update(
      [row.title, row.url, row.content, row.description, row.author, media, attachments].join(
        "\u0000",
      ),
    )
    .digest("hex");
  return row;
}

/**
 * Batch sizes of the multi-row statements. Every distinct row count is a distinct SQL text, and
 * SQLite keeps each one prepared (connect.ts's statement cache): a few hundred remainders of 1-49
 * and 1-199 rows held ~25 MB of prepared inserts after a 1,000-feed refresh. Batches of these
 * sizes only (49 rows: 20 + 20 + 5 + 1 + 1 + 1 + 1) make four texts per statement.
 */
const GUID_LOOKUP_SIZES = [500, 100, 20, 5, 1];
const ENTRY_INSERT_SIZES = [50, 20, 5, 1];
const UNREAD_INSERT_SIZES = [200, 50, 10, 1];
