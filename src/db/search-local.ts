import { sql } from "kysely";
import type { EntryHit, FeedHit, SearchRequest, SearchResults } from "../../contract/api/search.ts";
import type { EntryModel, FeedModel } from "../../contract/reading-models.ts";
import { toFts5Match } from "../../contract/search/fts5.ts";
import { highlightText, snippetOf } from "../../contract/search/highlight.ts";
import { matchRecord } from "../../contract/search/match.ts";
import type { TagFilter } from "../../contract/search/query.ts";
import { parseSearchQuery, type SearchQuery } from "../../contract/search/query.ts";
import { local, select } from "./local-sql.ts";
import { refreshSearchIndex } from "./search-index.ts";
import { selectRows } from "./select-rows.ts";
import { withTagFilters } from "./tag-filter.ts";
import type { LocalDatabase, SqlValue } from "./types.ts";

/** A query the syntax cannot read (the server would answer 1002 with the same reason). */
export class SearchSyntaxError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = "SearchSyntaxError";
    this.reason = reason;
  }
}

const DEFAULT_LIMIT = 20;
const FEED_LIMIT = 10;
/** Matches ranked per query, newest first (see server/storage/search.ts). */
const CANDIDATES = 2000;

/**
 * The server's search over what follow.db holds (entries_fts, migrations/client/0003_search.ts,
 * brought up to date first):
 * the same syntax, ranking (BM25, title first), filters and answer shape, marked `local`.
 */
export async function searchLocal(
  db: LocalDatabase,
  request: SearchRequest,
): Promise<SearchResults> {
  const parsed = parseSearchQuery(request.keyword);
  if (!parsed.ok) throw new SearchSyntaxError(parsed.reason);
  // Rows written since the last search join the index first.
  await refreshSearchIndex(db);
  const type = request.type ?? "all";
  const limit = request.limit ?? DEFAULT_LIMIT;
  const offset = request.offset ?? 0;
  const feedIds = request.feedId ? [request.feedId] : request.feedIdList;
  const entries =
    type === "feeds" ? [] : await searchEntries(db, parsed.query, request, limit + 1, offset);
  const feeds =
    type === "entries" || offset > 0 || feedIds ? [] : await searchFeeds(db, parsed.query, request);
  return {
    mode: "local",
    entries: entries.slice(0, limit),
    feeds,
    hasMore: entries.length > limit,
  };
}

function isoBound(value: string | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(typeof value === "number" ? value : Date.parse(value));
  if (Number.isNaN(date.getTime()))
    throw new SearchSyntaxError("Not a date (ISO 8601 or epoch milliseconds)");
  return date.toISOString();
}

/** Matches of the query among entries of subscribed feeds, with the request's filters. */
function candidates(match: string, request: SearchRequest, tags: readonly TagFilter[]) {
  let query = local
    .selectFrom("entries_fts")
    // CROSS JOIN keeps SQLite's join order: the full-text match drives the query.
    .crossJoin("entries as e")
    .crossJoin("subscriptions as s")
    .leftJoin("collections as c", "c.entry_id", "e.id")
    .select([
      "entries_fts.rowid as rid",
      // FTS5's ranking function has no builder form; weights: title, body, author, url.
      sql<number>`-bm25(entries_fts, 10.0, 1.0, 5.0, 2.0)`.as("score"),
      "e.published_at as published_at",
    ])
    .where("entries_fts", "match", match)
    .where(sql.ref("e.rowid"), "=", sql.ref("entries_fts.rowid"))
    .whereRef("s.feed_id", "=", "e.feed_id")
    .where("s.type", "=", "feed");
  if (request.view !== undefined) query = query.where("s.view", "=", request.view);
  const feedIds = request.feedId ? [request.feedId] : request.feedIdList;
  if (feedIds) {
    query = feedIds.length ? query.where("e.feed_id", "in", feedIds) : query.where(sql.lit(false));
  }
  if (request.category !== undefined) query = query.where("s.category", "=", request.category);
  if (request.unread !== undefined) {
    query = request.unread
      ? query.where((eb) => eb(eb.fn.coalesce("e.read", sql.lit(0)), "=", 0))
      : query.where("e.read", "=", 1);
  }
  if (request.starred !== undefined) {
    query = query.where("c.entry_id", request.starred ? "is not" : "is", null);
  }
  const since = isoBound(request.publishedSince);
  const before = isoBound(request.publishedBefore);
  if (since) query = query.where("e.published_at", ">=", since);
  if (before) query = query.where("e.published_at", "<", before);
  query = withTagFilters(query, tags);
  return query.orderBy("entries_fts.rowid", "desc").limit(CANDIDATES);
}

function entryHits(query: SearchQuery, request: SearchRequest, limit: number, offset: number) {
  return select(
    local
      .selectFrom(candidates(toFts5Match(query), request, query.tags).as("hit"))
      .innerJoin("entries as e", (join) => join.on(sql.ref("e.rowid"), "=", sql.ref("hit.rid")))
      .innerJoin("entries_fts as ft", "ft.rowid", "hit.rid")
      .innerJoin("subscriptions as s", (join) =>
        join.onRef("s.feed_id", "=", "e.feed_id").on("s.type", "=", "feed"),
      )
      .leftJoin("feeds as f", "f.id", "e.feed_id")
      .leftJoin("collections as c", "c.entry_id", "e.id")
      .select([
        "e.id",
        "e.feed_id",
        "e.guid",
        "e.title",
        "e.url",
        "e.description",
        "e.author",
        "e.author_url",
        "e.author_avatar",
        "e.language",
        "e.categories",
        "e.media",
        "e.attachments",
        "e.extra",
        "e.published_at",
        "e.inserted_at",
        "e.read",
        "c.created_at as c_created_at",
        "s.view as s_view",
        ...FEED_COLUMNS,
        "ft.title as search_title",
        "ft.body as search_body",
        "hit.score",
      ])
      .orderBy("hit.score", "desc")
      .orderBy("hit.published_at", "desc")
      .limit(Math.trunc(limit))
      .offset(Math.trunc(offset)),
  );
}

const FEED_COLUMNS = [
  "f.url as f_url",
  "f.title as f_title",
  "f.description as f_description",
  "f.image as f_image",
  "f.site_url as f_site_url",
  "f.owner_user_id as f_owner_user_id",
  "f.error_at as f_error_at",
  "f.error_message as f_error_message",
] as const;

async function searchEntries(
  db: LocalDatabase,
  query: SearchQuery,
  request: SearchRequest,
  limit: number,
  offset: number,
): Promise<EntryHit[]> {
  // As on the server: the newest matches up to the cap are ranked (bounded work for common
  // words), then only the page's rows are read in full.
  const rows = await selectRows(db, entryHits(query, request, limit, offset));
  return rows.map((row) => ({
    entries: toEntry(row),
    feeds: toFeed(row),
    read: row.read === 1,
    view: Number(row.s_view ?? 0),
    ...(row.c_created_at ? { collections: { createdAt: String(row.c_created_at) } } : {}),
    score: Math.round(Number(row.score) * 1e4) / 1e4,
    title: highlightText(String(row.search_title ?? ""), query.highlight),
    snippet: snippetOf(String(row.search_body ?? ""), query.highlight),
  }));
}

type HitRow = NonNullable<ReturnType<typeof entryHits>["row"]>;
type AliasOf<Column> = Column extends `${string} as ${infer Alias}` ? Alias : never;
type FeedAlias = AliasOf<(typeof FEED_COLUMNS)[number]>;

const text = (value: SqlValue | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

function json<T>(value: SqlValue | undefined, fallback: T): T {
  if (typeof value !== "string" || value === "") return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

function toEntry(row: HitRow): EntryModel {
  return {
    id: String(row.id),
    feedId: String(row.feed_id),
    guid: String(row.guid),
    title: text(row.title),
    url: text(row.url),
    description: text(row.description),
    author: text(row.author),
    authorUrl: text(row.author_url),
    authorAvatar: text(row.author_avatar),
    language: text(row.language),
    categories: json(row.categories, []),
    media: json(row.media, []),
    attachments: json(row.attachments, []),
    extra: json(row.extra, null),
    publishedAt: String(row.published_at),
    insertedAt: String(row.inserted_at),
  };
}

function toFeed(row: Pick<HitRow, "feed_id" | FeedAlias>): FeedModel {
  return {
    type: "feed",
    id: String(row.feed_id),
    url: String(row.f_url ?? ""),
    title: text(row.f_title),
    description: text(row.f_description),
    image: text(row.f_image),
    siteUrl: text(row.f_site_url),
    ownerUserId: text(row.f_owner_user_id),
    errorAt: text(row.f_error_at),
    errorMessage: text(row.f_error_message),
  };
}

function subscribedFeeds(request: SearchRequest) {
  let query = local
    .selectFrom("subscriptions as s")
    .innerJoin("feeds as f", "f.id", "s.feed_id")
    .select([
      "f.id as feed_id",
      ...FEED_COLUMNS,
      "s.title as s_title",
      "s.view as s_view",
      "s.category as s_category",
    ])
    .where("s.type", "=", "feed");
  if (request.view !== undefined) query = query.where("s.view", "=", request.view);
  if (request.category !== undefined) query = query.where("s.category", "=", request.category);
  return select(query);
}

async function searchFeeds(
  db: LocalDatabase,
  query: SearchQuery,
  request: SearchRequest,
): Promise<FeedHit[]> {
  const rows = await selectRows(db, subscribedFeeds(request));
  const hits: FeedHit[] = [];
  for (const row of rows) {
    const title = text(row.s_title) ?? text(row.f_title) ?? "";
    const score = matchRecord(query, {
      title: [title, row.s_title ? text(row.f_title) : null].filter(Boolean).join(" "),
      body: text(row.f_description),
      url: [text(row.f_site_url), text(row.f_url)].filter(Boolean).join(" "),
    });
    if (score === null) continue;
    hits.push({
      feed: toFeed(row),
      subscriptionTitle: text(row.s_title),
      view: Number(row.s_view ?? 0),
      category: text(row.s_category),
      score,
      title: highlightText(title, query.highlight),
      snippet: snippetOf(
        text(row.f_description) ?? text(row.f_site_url) ?? "",
        query.highlight,
        140,
      ),
    });
  }
  hits.sort((a, b) => b.score - a.score || a.title.text.localeCompare(b.title.text));
  return hits.slice(0, FEED_LIMIT);
}
