import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";

/** How far back activity counts, and how fast it fades (a day-old read is worth ~0.7 of today's). */
export const TRENDING_WINDOW_DAYS = 7;
export const TRENDING_HALF_LIFE_DAYS = 2;
/** What one event is worth: following says more than a star, a star more than a read. */
const WEIGHT = { subscribe: 3, star: 2, read: 1 } as const;
/** Candidates kept per kind once ranked; the answer takes the top of these. */
const KEEP = 50;

export interface Ranked {
  id: string;
  score: number;
}

export interface RankedEntry extends Ranked {
  feedId: string;
  reads: number;
  stars: number;
}

export interface RankedUser extends Ranked {
  listCount: number;
}

export interface TrendingRanking {
  feeds: Ranked[];
  lists: Ranked[];
  users: RankedUser[];
  entries: RankedEntry[];
  computedAt: string;
}

interface Count {
  id: string;
  n: number | string;
}

interface EntryCount extends Count {
  feed_id: string;
}

const DAY_MS = 86_400_000;
/** One-hour slices: each query covers an hour of activity, so none holds SQLite for long. */
const SLICES_PER_DAY = 24;
const SLICE_MS = DAY_MS / SLICES_PER_DAY;

/**
 * Ranks what is trending on this server from its own data: per item, the subscriptions, reads
 * and stars of the last 7 days (one-hour slices back from `now`), weighted and halved
 * every two days of age. One slice at a time, yielding between slices: on SQLite each query
 * holds the process, so the work is cut into bounded pieces (the indexes of migration 0014 seek
 * each slice). Only feeds someone follows publicly, and their entries, are ranked: a feed known
 * through private subscriptions alone is nobody else's business.
 */
export async function rankTrending(
  database: DatabaseHandle,
  now = new Date(),
): Promise<TrendingRanking> {
  const db = database.db;
  const publicFeed = (column: string) =>
    sql`exists (select 1 from subscription p where p.feed_id = ${sql.ref(column)} and p.is_private = 0)`;
  const feedScores = new Map<string, number>();
  const listScores = new Map<string, number>();
  const entryScores = new Map<string, number>();
  const entryFacts = new Map<string, { feedId: string; reads: number; stars: number }>();

  for (let slice = 0; slice < TRENDING_WINDOW_DAYS * SLICES_PER_DAY; slice++) {
    // Today's slice also takes what is stamped a little ahead (another process's clock).
    const end = new Date(now.getTime() - (slice === 0 ? -DAY_MS : slice * SLICE_MS)).toISOString();
    const start = new Date(now.getTime() - (slice + 1) * SLICE_MS).toISOString();
    const within = (column: string) =>
      sql`${sql.ref(column)} >= ${start} and ${sql.ref(column)} < ${end}`;
    const ageDays = ((slice + 0.5) * SLICE_MS) / DAY_MS;
    const decay = 0.5 ** (ageDays / TRENDING_HALF_LIFE_DAYS);

    const subscribed = await sql<Count>`
      select s.feed_id as id, count(*) as n from subscription s
      where ${within("s.created_at")} and ${publicFeed("s.feed_id")}
      group by s.feed_id`.execute(db);
    add(feedScores, subscribed.rows, WEIGHT.subscribe * decay);
    const followed = await sql<Count>`
      select ls.list_id as id, count(*) as n from list_subscription ls
      where ${within("ls.created_at")} group by ls.list_id`.execute(db);
    add(listScores, followed.rows, WEIGHT.subscribe * decay);
    // One pass over the slice's reads (and stars) scores both the entries and their feeds.
    // Counted per entry first, so each entry's feed is looked up once, not once per read.
    const read = await sql<EntryCount>`
      select r.id, e.feed_id as feed_id, r.n
      from (select entry_id as id, count(*) as n from read_history
            where ${within("read_at")} group by entry_id) r
      join entry e on e.id = r.id
      where ${publicFeed("e.feed_id")}`.execute(db);
    const starred = await sql<EntryCount>`
      select c.entry_id as id, c.feed_id as feed_id, count(*) as n from collection c
      where ${within("c.created_at")} and ${publicFeed("c.feed_id")}
      group by c.entry_id, c.feed_id`.execute(db);
    for (const [rows, weight, kind] of [
      [read.rows, WEIGHT.read, "reads"],
      [starred.rows, WEIGHT.star, "stars"],
    ] as const) {
      for (const row of rows) {
        const n = Number(row.n);
        const value = weight * n * decay;
        feedScores.set(row.feed_id, (feedScores.get(row.feed_id) ?? 0) + value);
        entryScores.set(row.id, (entryScores.get(row.id) ?? 0) + value);
        const facts = entryFacts.get(row.id) ?? { feedId: row.feed_id, reads: 0, stars: 0 };
        facts[kind] += n;
        entryFacts.set(row.id, facts);
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
  }

  // An inbox is its owner's alone: neither it nor its mails trend, whoever follows it.
  const owned = new Set(
    (await db.selectFrom("inbox").select("feed_id").execute()).map((row) => row.feed_id),
  );
  for (const id of owned) feedScores.delete(id);
  for (const [id, facts] of entryFacts) if (owned.has(facts.feedId)) entryScores.delete(id);
  const lists = top(listScores);
  const feeds = top(feedScores);
  return {
    feeds,
    lists,
    users: await rankUsers(database, lists),
    entries: top(entryScores).map((ranked) => ({ ...ranked, ...entryFacts.get(ranked.id)! })),
    computedAt: now.toISOString(),
  };
}

/** A person trends with what they made: their lists' scores summed (inboxes never trend). */
async function rankUsers(
  database: DatabaseHandle,
  lists: readonly Ranked[],
): Promise<RankedUser[]> {
  const scores = new Map<string, number>();
  const listCounts = new Map<string, number>();
  if (lists.length > 0) {
    const owners = await database.db
      .selectFrom("list")
      .select(["id", "owner_user_id"])
      .where(
        "id",
        "in",
        lists.map((l) => l.id),
      )
      .execute();
    const ownerOf = new Map(owners.map((o) => [o.id, o.owner_user_id]));
    for (const list of lists) {
      const owner = ownerOf.get(list.id);
      if (!owner) continue;
      scores.set(owner, (scores.get(owner) ?? 0) + list.score);
      listCounts.set(owner, (listCounts.get(owner) ?? 0) + 1);
    }
  }
  return top(scores).map((user) => ({ ...user, listCount: listCounts.get(user.id) ?? 0 }));
}

/** Adds each item's count, times what one event is worth at that age. */
function add(scores: Map<string, number>, counts: readonly Count[], weight: number) {
  for (const { id, n } of counts) scores.set(id, (scores.get(id) ?? 0) + weight * Number(n));
}

/** Highest first; equal scores in id order so the ranking is stable. */
function top(scores: Map<string, number>): Ranked[] {
  return [...scores]
    .map(([id, score]) => ({ id, score: Math.round(score * 1000) / 1000 }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, KEEP);
}
