import { type RawBuilder, sql } from "kysely";
import type { EntryHit, FeedHit } from "../../contract/api/search.ts";
import { toFts5Match } from "../../contract/search/fts5.ts";
import { highlightText, snippetOf } from "../../contract/search/highlight.ts";
import { matchRecord } from "../../contract/search/match.ts";
import type { SearchQuery } from "../../contract/search/query.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRow } from "../db/schema.ts";
import { feedOfColumns } from "./entry-queries.ts";
import { feedOpenTo } from "./feed-access.ts";
import { type EntryModelRow, toEntryModel, toFeedModel } from "./mappers.ts";
import { estimatedFloor, rankCandidates, SliceWalk, sliceable } from "./search-slices.ts";
import { fieldTsqueries, toTsquery } from "./tsquery.ts";

export interface EntrySearchFilter {
  view?: number;
  feedIds?: readonly string[];
  category?: string;
  unread?: boolean;
  starred?: boolean;
  /** ISO bounds on the publish time: since (inclusive), before (exclusive). */
  since?: string;
  before?: string;
  /** With `before`: entries published at `before` whose id sorts below this one too (keyset). */
  beforeId?: string;
  /** Newest first instead of best first: every match, for a timeline paging by `before`. */
  newest?: boolean;
  limit: number;
  offset: number;
}

/**
 * Matches ranked per query, at most: the newest this many matches of the user's subscriptions
 * are ranked, so a word found in a fifth of a million entries costs what a rarer one does
 * (npm run bench -- search). For a reader, a relevant entry from last month beats a slightly
 * more relevant one from three years ago; the answer says when more match (`rankedAmong`).
 */
export const SEARCH_LIMITS = {
  candidates: 1000,
  /**
   * SQLite: matches walked (newest first) before the user's subscriptions and filters are
   * applied, at first. Each walked match costs a row lookup; a filter that keeps few of them
   * (unread, a folder) would otherwise walk every match of a common word. When the window
   * holds too few of the user's matches for the page it grows (x4), up to all matches.
   */
  firstWindow: 10_000,
  /**
   * PostgreSQL, filtered searches: entries (newest first, anyone's) the first walk looks
   * among. Its walk reads each entry's row to test the match and the filters: unread only
   * read 30 rows per candidate. When they hold too few for the page the window grows (x4,
   * twice, its bounds estimated from the table's time span and size), then all entries are
   * searched: a filter that keeps one match in twenty read every match's row at once before.
   */
  firstEntryWindow: 20_000,
  /**
   * PostgreSQL: entries (anyone's, estimated from the table's size and time span) the first
   * time slice of the newest-first walk spans; later slices grow with what it found
   * (search-slices.ts). Not finite: one slice, every match's row read.
   */
  firstSlice: 20_000,
};
/** PostgreSQL, filtered searches: windows wider than the first tried before all entries. */
const WIDER_WINDOWS = 2;

/** firstSlice may be left out: the default. */
export type SearchLimits = Omit<typeof SEARCH_LIMITS, "firstSlice"> & { firstSlice?: number };

export interface RankedEntries {
  hits: EntryHit[];
  hasMore: boolean;
  /** Set when ranking stopped at a cap (more may match): the best of the newest this many. */
  rankedAmong?: number;
}

/**
 * Entries of the user's subscriptions matching the query, best first (BM25 on SQLite's FTS5,
 * ts_rank_cd on PostgreSQL; newer first among equals) among the newest `limits.candidates` matches,
 * with the title and a snippet marked.
 */
export async function searchEntries(
  database: DatabaseHandle,
  userId: string,
  query: SearchQuery,
  filter: EntrySearchFilter,
  limits: SearchLimits = SEARCH_LIMITS,
): Promise<RankedEntries> {
  const { rows: ranked, rankedAmong } = await rankEntries(database, userId, query, filter, limits);
  const hasMore = ranked.length > filter.limit;
  const page = ranked.slice(0, filter.limit);
  const noted =
    filter.offset === 0 && !filter.newest && !narrowed(filter)
      ? await highlightMatches(database, userId, query, new Set(page.map((r) => r.entry_id)))
      : new Map<string, { score: number; text: string }>();
  if (page.length === 0 && noted.size === 0) return { hits: [], hasMore: false };
  const rows = await hydrate(database, userId, [...page.map((r) => r.entry_id), ...noted.keys()]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const hits: EntryHit[] = [];
  const found = [
    ...page.map(({ entry_id, score }) => ({ id: entry_id, score: Number(score), text: null })),
    ...[...noted].map(([id, { score, text }]) => ({ id, score, text })),
  ];
  for (const { id, score, text } of found) {
    const row = byId.get(id);
    if (!row) continue;
    if (filter.view !== undefined && row.s_view !== filter.view) continue;
    hits.push({
      entries: toEntryModel(row, false),
      feeds: toFeedModel(feedOf(row)),
      read: row.unread_id === null,
      view: row.s_view,
      ...(row.c_created_at ? { collections: { createdAt: row.c_created_at } } : {}),
      score: Math.round(score * 1e4) / 1e4,
      title: highlightText(row.search_title, query.highlight),
      // An entry found by the person's highlight shows the passage or note that matched.
      snippet: snippetOf(text ?? row.search_body, query.highlight),
    });
  }
  return { hits, hasMore, ...(rankedAmong !== undefined ? { rankedAmong } : {}) };
}

/** Filters the highlight pass leaves to the index (it adds to a plain search only). */
function narrowed(filter: EntrySearchFilter): boolean {
  return (
    filter.feedIds !== undefined ||
    filter.category !== undefined ||
    filter.unread !== undefined ||
    filter.starred !== undefined ||
    filter.since !== undefined ||
    filter.before !== undefined
  );
}

/** Highlights matched per search, at most: a person's highlights are read in memory. */
const MAX_HIGHLIGHTS_MATCHED = 5_000;

/**
 * Entries the index did not find whose highlights (passage or note) match: a person's
 * highlights are their own text about an entry, searched with the same reading of the query.
 */
async function highlightMatches(
  database: DatabaseHandle,
  userId: string,
  query: SearchQuery,
  already: ReadonlySet<string>,
): Promise<Map<string, { score: number; text: string }>> {
  const rows = await database.db
    .selectFrom("highlight")
    .select(["entry_id", "exact", "note"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(MAX_HIGHLIGHTS_MATCHED)
    .execute();
  const matches = new Map<string, { score: number; text: string }>();
  for (const row of rows) {
    if (already.has(row.entry_id) || matches.has(row.entry_id)) continue;
    const text = row.note ? `${row.exact} — ${row.note}` : row.exact;
    const score = matchRecord(query, { body: text });
    if (score !== null) matches.set(row.entry_id, { score, text });
  }
  if (query.tags.length === 0 || matches.size === 0) return matches;
  const tagged = await database.db
    .selectFrom("entry_tag")
    .select(["entry_id", "tag"])
    .where("user_id", "=", userId)
    .where("entry_id", "in", [...matches.keys()])
    .execute();
  for (const id of [...matches.keys()]) {
    const tags = new Set(tagged.filter((t) => t.entry_id === id).map((t) => t.tag));
    if (query.tags.some(({ tag, negated }) => tags.has(tag) === negated)) matches.delete(id);
  }
  return matches;
}

interface RankedRow {
  entry_id: string;
  score: number;
  /** How many candidates were ranked (the same on every row; not for newest first). */
  ranked?: number;
}

async function rankEntries(
  database: DatabaseHandle,
  userId: string,
  query: SearchQuery,
  filter: EntrySearchFilter,
  {
    candidates,
    firstWindow,
    firstEntryWindow,
    firstSlice = SEARCH_LIMITS.firstSlice,
  }: SearchLimits,
): Promise<{ rows: RankedRow[]; rankedAmong?: number }> {
  const conditions = [...filterConditions(userId, filter), ...tagConditions(userId, query)];
  const extra = conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  const limit = sql.lit(Math.trunc(filter.limit) + 1);
  const offset = sql.lit(Math.trunc(filter.offset));
  if (filter.newest) {
    return { rows: await newestEntries(database, userId, query, extra, limit, offset) };
  }
  // Rows the first page needs ranked; fewer in a window (and more beyond it) widen the window.
  // Not the offset: every page of one query ranks within the window its first page chose, so
  // pages are slices of one ranking (a wider window for a later page would rank other
  // candidates, repeating some entries and skipping others); past it, rankedAmong says so.
  const wanted = Math.trunc(filter.limit) + 1;
  if (database.dialect === "sqlite") {
    const match = toFts5Match(query);
    for (let window = firstWindow; ; window *= 4) {
      // The oldest match in the window (none: the window holds every match).
      const [edge] = (
        await sql<{ rowid: number }>`
          select rowid from entry_fts where entry_fts match ${match}
          order by rowid desc limit 1 offset ${sql.lit(window - 1)}`.execute(database.db)
      ).rows;
      const rows = await rankSqlite(database, userId, match, extra, edge?.rowid, candidates, {
        limit,
        offset,
      });
      const ranked = Number(rows[0]?.ranked ?? 0);
      if (edge && ranked < wanted) continue;
      // More matched than was ranked: the candidate cap, or a window that left matches out.
      return { rows, ...(ranked >= candidates || edge ? { rankedAmong: ranked } : {}) };
    }
  }
  const tsquery = toTsquery(query);
  const withFields = sql`${fieldConditions(query)}${extra}`;
  // Filtered: the newest entries first, then (too few there for the page: a rarer word, or a
  // filter that keeps few) all of them.
  const [edge] =
    conditions.length > 0
      ? (
          await sql<{ published_at: string }>`
            select published_at from entry_search
            order by published_at desc limit 1 offset ${sql.lit(firstEntryWindow - 1)}`.execute(
            database.db,
          )
        ).rows
      : [];
  // The newest matches slice by slice (search-slices.ts), or in one query where slicing
  // cannot pay (a phrase, a title:/author: word) or is turned off.
  const walk =
    sliceable(query) && Number.isFinite(firstSlice)
      ? await SliceWalk.start(database, {
          userId,
          tsquery,
          extra: withFields,
          cap: candidates,
          firstSlice,
        })
      : undefined;
  const rank = async (floor?: string): Promise<RankedRow[]> => {
    if (walk) {
      // Slices until the cap; a match too rare for it reads the rest with the ranking, below.
      await walk.walk(floor, true);
      if (walk.done || floor !== undefined) {
        return rankCandidates(database, walk.found, wanted, Math.trunc(filter.offset));
      }
    }
    const bounds = { limit, offset, ...(floor === undefined ? {} : { edge: floor }) };
    return rankPostgres(database, userId, tsquery, withFields, candidates, bounds);
  };
  if (edge) {
    let floor: string | undefined = edge.published_at;
    for (let window = firstEntryWindow, step = 0; floor !== undefined; step++) {
      const rows = await rank(floor);
      const ranked = Number(rows[0]?.ranked ?? 0);
      if (ranked >= wanted) return { rows, rankedAmong: ranked };
      window *= 4;
      const wider = step < WIDER_WINDOWS ? await estimatedFloor(database, window) : undefined;
      floor = wider !== undefined && wider < floor ? wider : undefined;
    }
  }
  const rows = await rank();
  const ranked = Number(rows[0]?.ranked ?? 0);
  return { rows, ...(ranked >= candidates ? { rankedAmong: ranked } : {}) };
}

/**
 * PostgreSQL: the newest matches up to the cap (a walk down published_at for a common word,
 * the GIN index for a rare one: the planner picks), published at or after `edge` if given,
 * carrying their tsvectors out of the one read of their rows, then ts_rank_cd on those alone
 * (weights for D url, C body, B author, A title). Ranking every match of a common word read
 * every one of their tsvectors (340 ms at 200k entries); reading each candidate's row again
 * to rank it cost a lookup per candidate.
 */
async function rankPostgres(
  database: DatabaseHandle,
  userId: string,
  tsquery: string,
  extra: RawBuilder<unknown>,
  candidates: number,
  bounds: { limit: RawBuilder<unknown>; offset: RawBuilder<unknown>; edge?: string },
): Promise<RankedRow[]> {
  const { limit, offset, edge } = bounds;
  const window = edge === undefined ? sql`` : sql` and s.published_at >= ${edge}`;
  const { rows } = await sql<RankedRow>`
    select entry_id, ts_rank_cd('{0.2, 0.4, 0.7, 1.0}', document, to_tsquery('simple', ${tsquery})) as score,
      count(*) over () as ranked
    from (
      select s.entry_id, s.published_at, s.document
      from entry_search s
      join subscription on subscription.feed_id = s.feed_id and subscription.user_id = ${userId}
      where s.document @@ to_tsquery('simple', ${tsquery})${window}${extra}
      order by s.published_at desc
      limit ${sql.lit(candidates)}
    ) c
    order by score desc, published_at desc, entry_id desc
    limit ${limit} offset ${offset}`.execute(database.db);
  return rows;
}

/**
 * SQLite: the newest matches down to `edge` (FTS5 walks its rowids, i.e. insertion order,
 * backwards), each through the user's subscriptions and the filters, up to the cap, then
 * ranked. bm25() is lower for better matches; weights per column: title, body, author, url.
 */
async function rankSqlite(
  database: DatabaseHandle,
  userId: string,
  match: string,
  extra: RawBuilder<unknown>,
  edge: number | undefined,
  candidates: number,
  { limit, offset }: { limit: RawBuilder<unknown>; offset: RawBuilder<unknown> },
): Promise<RankedRow[]> {
  const window = edge === undefined ? sql`` : sql` and entry_fts.rowid >= ${edge}`;
  const { rows } = await sql<RankedRow>`
    select entry_id, score, count(*) over () as ranked from (
      select s.entry_id as entry_id, s.published_at as published_at,
        -bm25(entry_fts, 10.0, 1.0, 5.0, 2.0) as score
      from entry_fts
      cross join entry_search s
      cross join subscription
      where entry_fts match ${match}${window} and s.id = entry_fts.rowid
        and subscription.user_id = ${userId} and subscription.feed_id = s.feed_id${extra}
      order by entry_fts.rowid desc
      limit ${sql.lit(candidates)}
    )
    order by score desc, published_at desc, entry_id desc
    limit ${limit} offset ${offset}`.execute(database.db);
  return rows;
}

/** Every match newest first (a timeline): no cap, the score only for show. */
async function newestEntries(
  database: DatabaseHandle,
  userId: string,
  query: SearchQuery,
  extra: RawBuilder<unknown>,
  limit: RawBuilder<unknown>,
  offset: RawBuilder<unknown>,
): Promise<Array<{ entry_id: string; score: number }>> {
  if (database.dialect === "sqlite") {
    const { rows } = await sql<{ entry_id: string; score: number }>`
      select s.entry_id as entry_id, -bm25(entry_fts, 10.0, 1.0, 5.0, 2.0) as score
      from entry_fts
      cross join entry_search s
      cross join subscription
      where entry_fts match ${toFts5Match(query)} and s.id = entry_fts.rowid
        and subscription.user_id = ${userId} and subscription.feed_id = s.feed_id${extra}
      order by s.published_at desc, s.entry_id desc
      limit ${limit} offset ${offset}`.execute(database.db);
    return rows;
  }
  const tsquery = toTsquery(query);
  const { rows } = await sql<{ entry_id: string; score: number }>`
    select s.entry_id, ts_rank_cd('{0.2, 0.4, 0.7, 1.0}', s.document, to_tsquery('simple', ${tsquery})) as score
    from entry_search s
    join subscription on subscription.feed_id = s.feed_id and subscription.user_id = ${userId}
    where s.document @@ to_tsquery('simple', ${tsquery})${fieldConditions(query)}${extra}
    order by s.published_at desc, s.entry_id desc
    limit ${limit} offset ${offset}`.execute(database.db);
  return rows;
}

/**
 * PostgreSQL: title: and author: words through their fields' own indexes (fieldTsqueries). The
 * document's match stays the condition; these only let the planner start from far fewer rows
 * (`title:` at 1M entries: every entry holding the word anywhere, read and checked, before).
 */
export function fieldConditions(query: SearchQuery): RawBuilder<unknown> {
  return sql.join(
    fieldTsqueries(query).map(
      ({ weight, tsquery }) =>
        sql` and ts_filter(s.document, ${sql.lit(`{${weight}}`)}) @@ to_tsquery('simple', ${tsquery})`,
    ),
    sql``,
  );
}

/** `tag:` in the query: entries carrying the person's tag (or, negated, not carrying it). */
function tagConditions(userId: string, query: SearchQuery): RawBuilder<unknown>[] {
  return query.tags.map(({ tag, negated }) => {
    const tagged = sql`exists (select 1 from entry_tag where entry_tag.user_id = ${userId} and entry_tag.entry_id = s.entry_id and entry_tag.tag = ${tag})`;
    return negated ? sql`not ${tagged}` : tagged;
  });
}

function filterConditions(userId: string, filter: EntrySearchFilter): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (filter.view !== undefined)
    out.push(sql`subscription.view = ${sql.lit(Math.trunc(filter.view))}`);
  if (filter.feedIds) {
    out.push(filter.feedIds.length ? sql`s.feed_id in (${sql.join(filter.feedIds)})` : sql`1 = 0`);
  }
  if (filter.category !== undefined) out.push(sql`subscription.category = ${filter.category}`);
  const unread = sql`exists (select 1 from unread where unread.user_id = ${userId} and unread.entry_id = s.entry_id)`;
  if (filter.unread === true) out.push(unread);
  if (filter.unread === false) out.push(sql`not ${unread}`);
  const starred = sql`exists (select 1 from collection where collection.user_id = ${userId} and collection.entry_id = s.entry_id)`;
  if (filter.starred === true) out.push(starred);
  if (filter.starred === false) out.push(sql`not ${starred}`);
  if (filter.since) out.push(sql`s.published_at >= ${filter.since}`);
  if (filter.before && filter.beforeId) {
    // The keyset (published_at, entry_id) of the order below: ties at `before` are neither
    // skipped nor repeated, whatever the page size.
    out.push(
      sql`(s.published_at < ${filter.before} or (s.published_at = ${filter.before} and s.entry_id < ${filter.beforeId}))`,
    );
  } else if (filter.before) out.push(sql`s.published_at < ${filter.before}`);
  return out;
}

interface HitRow extends EntryModelRow {
  f_url: string;
  f_title: string | null;
  f_description: string | null;
  f_image: string | null;
  f_site_url: string | null;
  f_owner_user_id: string | null;
  f_error_at: string | null;
  f_error_message: string | null;
  f_language: string | null;
  s_view: number;
  unread_id: string | null;
  c_created_at: string | null;
  search_title: string;
  search_body: string;
}

/** The hits' rows; someone else's inbox is dropped, even found through a subscription. */
async function hydrate(database: DatabaseHandle, userId: string, ids: string[]) {
  const { rows } = await sql<HitRow>`
    select entry.id, entry.feed_id, entry.guid, entry.title, entry.url, entry.description,
      entry.author, entry.author_url, entry.author_avatar, entry.language, entry.categories,
      entry.media, entry.attachments, entry.extra, entry.published_at, entry.inserted_at,
      feed.url as f_url, feed.title as f_title, feed.description as f_description,
      feed.image as f_image, feed.site_url as f_site_url, feed.owner_user_id as f_owner_user_id,
      feed.error_at as f_error_at, feed.error_message as f_error_message, feed.language as f_language,
      subscription.view as s_view, unread.entry_id as unread_id, collection.created_at as c_created_at,
      s.title as search_title, s.body as search_body
    from entry
    join entry_search s on s.entry_id = entry.id
    join feed on feed.id = entry.feed_id
    join subscription on subscription.feed_id = entry.feed_id and subscription.user_id = ${userId}
    left join unread on unread.entry_id = entry.id and unread.user_id = ${userId}
    left join collection on collection.entry_id = entry.id and collection.user_id = ${userId}
    where entry.id in (${sql.join(ids)}) and ${feedOpenTo(userId)}`.execute(database.db);
  return rows;
}

function feedOf(row: HitRow): FeedRow {
  return feedOfColumns(row, row.feed_id);
}

/**
 * The user's subscribed feeds matching the query (title, the user's own title, description,
 * site and feed address), best first. A user follows hundreds of feeds at most: they are
 * matched in memory with the same reading of the query as the index.
 */
export async function searchFeeds(
  database: DatabaseHandle,
  userId: string,
  query: SearchQuery,
  filter: { view?: number; category?: string; limit: number },
): Promise<FeedHit[]> {
  let select = database.db
    .selectFrom("subscription")
    .innerJoin("feed", "feed.id", "subscription.feed_id")
    .selectAll("feed")
    .select([
      "subscription.title as s_title",
      "subscription.view as s_view",
      "subscription.category as s_category",
    ])
    .where("subscription.user_id", "=", userId)
    .where(feedOpenTo(userId));
  if (filter.view !== undefined) select = select.where("subscription.view", "=", filter.view);
  if (filter.category !== undefined)
    select = select.where("subscription.category", "=", filter.category);
  const rows = await select.execute();
  const hits: FeedHit[] = [];
  for (const row of rows) {
    const title = row.s_title ?? row.title ?? "";
    const score = matchRecord(query, {
      title: [title, row.s_title ? row.title : null].filter(Boolean).join(" "),
      body: row.description,
      url: [row.site_url, row.url].filter(Boolean).join(" "),
    });
    if (score === null) continue;
    hits.push({
      feed: toFeedModel(row),
      subscriptionTitle: row.s_title,
      view: row.s_view,
      category: row.s_category,
      score,
      title: highlightText(title, query.highlight),
      snippet: snippetOf(row.description ?? row.site_url ?? "", query.highlight, 140),
    });
  }
  hits.sort((a, b) => b.score - a.score || a.title.text.localeCompare(b.title.text));
  return hits.slice(0, filter.limit);
}
