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

interface DayCount {
  id: string;
  day: string;
  n: number | string;
}

/**
 * Ranks what is trending on this server from its own data: per item, each day's subscriptions,
 * reads and stars of the last week, weighted and halved every two days of age. Counted per day
 * in SQL (the indexes of migration 0014 seek the window), decayed here. Only feeds someone
 * follows publicly, and their entries, are ranked: a feed known through private subscriptions
 * alone is nobody else's business.
 */
export async function rankTrending(
  database: DatabaseHandle,
  now = new Date(),
): Promise<TrendingRanking> {
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 86_400_000).toISOString();
  const db = database.db;
  const perDay = async (query: ReturnType<typeof sql<DayCount>>) => (await query.execute(db)).rows;
  const publicFeed = (column: string) =>
    sql`exists (select 1 from subscription p where p.feed_id = ${sql.ref(column)} and p.is_private = 0)`;

  const [subscribed, read, starred, followedLists, entryReads, entryStars] = await Promise.all([
    perDay(sql<DayCount>`
      select s.feed_id as id, substr(s.created_at, 1, 10) as day, count(*) as n
      from subscription s where s.created_at >= ${since} and ${publicFeed("s.feed_id")}
      group by s.feed_id, substr(s.created_at, 1, 10)`),
    perDay(sql<DayCount>`
      select e.feed_id as id, substr(r.read_at, 1, 10) as day, count(*) as n
      from read_history r join entry e on e.id = r.entry_id
      where r.read_at >= ${since} and ${publicFeed("e.feed_id")}
      group by e.feed_id, substr(r.read_at, 1, 10)`),
    perDay(sql<DayCount>`
      select c.feed_id as id, substr(c.created_at, 1, 10) as day, count(*) as n
      from collection c where c.created_at >= ${since} and ${publicFeed("c.feed_id")}
      group by c.feed_id, substr(c.created_at, 1, 10)`),
    perDay(sql<DayCount>`
      select ls.list_id as id, substr(ls.created_at, 1, 10) as day, count(*) as n
      from list_subscription ls where ls.created_at >= ${since}
      group by ls.list_id, substr(ls.created_at, 1, 10)`),
    perDay(sql<DayCount>`
      select r.entry_id as id, substr(r.read_at, 1, 10) as day, count(*) as n
      from read_history r join entry e on e.id = r.entry_id
      where r.read_at >= ${since} and ${publicFeed("e.feed_id")}
      group by r.entry_id, substr(r.read_at, 1, 10)`),
    perDay(sql<DayCount>`
      select c.entry_id as id, substr(c.created_at, 1, 10) as day, count(*) as n
      from collection c where c.created_at >= ${since} and ${publicFeed("c.feed_id")}
      group by c.entry_id, substr(c.created_at, 1, 10)`),
  ]);

  const feedScores = new Map<string, number>();
  add(feedScores, subscribed, WEIGHT.subscribe, now);
  add(feedScores, read, WEIGHT.read, now);
  add(feedScores, starred, WEIGHT.star, now);
  const listScores = new Map<string, number>();
  add(listScores, followedLists, WEIGHT.subscribe, now);
  const entryScores = new Map<string, number>();
  add(entryScores, entryReads, WEIGHT.read, now);
  add(entryScores, entryStars, WEIGHT.star, now);

  const entries = await describeEntries(database, top(entryScores), entryReads, entryStars);
  const lists = top(listScores);
  const feeds = top(feedScores);
  return {
    feeds,
    lists,
    users: await rankUsers(database, lists, feeds),
    entries,
    computedAt: now.toISOString(),
  };
}

/** A person trends with what they made: their lists' and their own feeds' scores summed. */
async function rankUsers(
  database: DatabaseHandle,
  lists: readonly Ranked[],
  feeds: readonly Ranked[],
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
  if (feeds.length > 0) {
    const owned = await database.db
      .selectFrom("feed")
      .select(["id", "owner_user_id"])
      .where(
        "id",
        "in",
        feeds.map((f) => f.id),
      )
      .where("owner_user_id", "is not", null)
      .execute();
    const ownerOf = new Map(owned.map((o) => [o.id, o.owner_user_id as string]));
    for (const feed of feeds) {
      const owner = ownerOf.get(feed.id);
      if (owner) scores.set(owner, (scores.get(owner) ?? 0) + feed.score);
    }
  }
  return top(scores).map((user) => ({ ...user, listCount: listCounts.get(user.id) ?? 0 }));
}

async function describeEntries(
  database: DatabaseHandle,
  ranked: readonly Ranked[],
  reads: readonly DayCount[],
  stars: readonly DayCount[],
): Promise<RankedEntry[]> {
  if (ranked.length === 0) return [];
  const rows = await database.db
    .selectFrom("entry")
    .select(["id", "feed_id"])
    .where(
      "id",
      "in",
      ranked.map((r) => r.id),
    )
    .execute();
  const feedOf = new Map(rows.map((r) => [r.id, r.feed_id]));
  const total = (counts: readonly DayCount[]) => {
    const sums = new Map<string, number>();
    for (const c of counts) sums.set(c.id, (sums.get(c.id) ?? 0) + Number(c.n));
    return sums;
  };
  const readCounts = total(reads);
  const starCounts = total(stars);
  return ranked.flatMap((r) => {
    const feedId = feedOf.get(r.id);
    return feedId
      ? [{ ...r, feedId, reads: readCounts.get(r.id) ?? 0, stars: starCounts.get(r.id) ?? 0 }]
      : [];
  });
}

/** Adds each day's count, weighted and decayed by the day's age (counted from its middle). */
function add(scores: Map<string, number>, counts: readonly DayCount[], weight: number, now: Date) {
  for (const { id, day, n } of counts) {
    const middle = Date.parse(`${day}T12:00:00.000Z`);
    const ageDays = Math.max(0, (now.getTime() - middle) / 86_400_000);
    const value = weight * Number(n) * 0.5 ** (ageDays / TRENDING_HALF_LIFE_DAYS);
    scores.set(id, (scores.get(id) ?? 0) + value);
  }
}

/** Highest first; equal scores in id order so the ranking is stable. */
function top(scores: Map<string, number>): Ranked[] {
  return [...scores]
    .map(([id, score]) => ({ id, score: Math.round(score * 1000) / 1000 }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, KEEP);
}
