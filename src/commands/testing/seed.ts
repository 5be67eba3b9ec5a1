import type { SqlRunner } from "../../db/types.ts";

/** Test helpers: a small local state to run commands against. */
export interface SeedFeed {
  id: string;
  url?: string;
  view?: number;
  isPrivate?: boolean;
  category?: string | null;
  entries: { id: string; read?: boolean; publishedAt?: string }[];
}

export async function seed(db: SqlRunner, feeds: SeedFeed[], userId = "u1") {
  await db.execute("INSERT INTO meta (key, value) VALUES ('userId', ?)", [userId]);
  for (const feed of feeds) {
    await db.execute("INSERT INTO feeds (id, url, title) VALUES (?, ?, ?)", [
      feed.id,
      feed.url ?? `https://example.com/${feed.id}.xml`,
      `Feed ${feed.id}`,
    ]);
    await db.execute(
      `INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, category, type)
       VALUES (?, ?, ?, ?, ?, ?, 'feed')`,
      [
        `feed/${feed.id}`,
        feed.id,
        userId,
        feed.view ?? 0,
        feed.isPrivate ? 1 : 0,
        feed.category ?? null,
      ],
    );
    let unread = 0;
    for (const [index, entry] of feed.entries.entries()) {
      if (!entry.read) unread += 1;
      await db.execute(
        `INSERT INTO entries (id, guid, feed_id, read, inserted_at, published_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [
          entry.id,
          entry.id,
          feed.id,
          entry.read ? 1 : 0,
          "2026-01-01T00:00:00.000Z",
          entry.publishedAt ?? new Date(Date.UTC(2026, 0, 1, index)).toISOString(),
        ],
      );
    }
    await db.execute("INSERT INTO unread (subscription_id, count) VALUES (?, ?)", [
      feed.id,
      unread,
    ]);
  }
}

export async function unreadCounts(db: SqlRunner): Promise<Record<string, number>> {
  const rows = await db.query("SELECT subscription_id, count FROM unread ORDER BY subscription_id");
  return Object.fromEntries(rows.map((r) => [String(r.subscription_id), Number(r.count)]));
}

export async function readFlags(db: SqlRunner): Promise<Record<string, boolean>> {
  const rows = await db.query("SELECT id, read FROM entries ORDER BY id");
  return Object.fromEntries(rows.map((r) => [String(r.id), r.read === 1]));
}

export async function starred(db: SqlRunner): Promise<string[]> {
  const rows = await db.query("SELECT entry_id FROM collections ORDER BY entry_id");
  return rows.map((r) => String(r.entry_id));
}

export async function subscriptionRows(db: SqlRunner) {
  return db.query(
    "SELECT id, feed_id, view, is_private, title, category FROM subscriptions ORDER BY id",
  );
}

/** Entity-id-shaped test ids (13-19 digits, a 2024+ timestamp). */
export function testId(n: number): string {
  return (1_800_000_000_000_000_000n + BigInt(n)).toString();
}
