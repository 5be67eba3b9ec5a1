import type { EntryHit, FeedHit, SearchRequest, SearchResults } from "../../contract/api/search.ts";
import type { EntryModel, FeedModel } from "../../contract/reading-models.ts";
import { toFts5Match } from "../../contract/search/fts5.ts";
import { highlightText, snippetOf } from "../../contract/search/highlight.ts";
import { matchRecord } from "../../contract/search/match.ts";
import { parseSearchQuery, type SearchQuery } from "../../contract/search/query.ts";
import { refreshSearchIndex } from "./search-index.ts";
import type { LocalDatabase, Row, SqlValue } from "./types.ts";

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

async function searchEntries(
  db: LocalDatabase,
  query: SearchQuery,
  request: SearchRequest,
  limit: number,
  offset: number,
): Promise<EntryHit[]> {
  const where: string[] = [];
  const params: SqlValue[] = [toFts5Match(query)];
  if (request.view !== undefined) {
    where.push("s.view = ?");
    params.push(request.view);
  }
  const feedIds = request.feedId ? [request.feedId] : request.feedIdList;
  if (feedIds) {
    where.push(feedIds.length ? `e.feed_id IN (${feedIds.map(() => "?").join(", ")})` : "0");
    params.push(...feedIds);
  }
  if (request.category !== undefined) {
    where.push("s.category = ?");
    params.push(request.category);
  }
  if (request.unread !== undefined)
    where.push(request.unread ? "coalesce(e.read, 0) = 0" : "e.read = 1");
  if (request.starred !== undefined)
    where.push(request.starred ? "c.entry_id IS NOT NULL" : "c.entry_id IS NULL");
  const since = isoBound(request.publishedSince);
  const before = isoBound(request.publishedBefore);
  if (since) {
    where.push("e.published_at >= ?");
    params.push(since);
  }
  if (before) {
    where.push("e.published_at < ?");
    params.push(before);
  }
  params.push(Math.trunc(limit), Math.trunc(offset));
  // As on the server: the newest matches up to the cap are ranked (bounded work for common
  // words), then only the page's rows are read in full.
  const rows = await db.query<HitRow>(
    `SELECT e.id, e.feed_id, e.guid, e.title, e.url, e.description, e.author, e.author_url,
       e.author_avatar, e.language, e.categories, e.media, e.attachments, e.extra, e.published_at,
       e.inserted_at, e.read, c.created_at AS c_created_at, s.view AS s_view,
       f.url AS f_url, f.title AS f_title, f.description AS f_description, f.image AS f_image,
       f.site_url AS f_site_url, f.owner_user_id AS f_owner_user_id, f.error_at AS f_error_at,
       f.error_message AS f_error_message,
       ft.title AS search_title, ft.body AS search_body, hit.score
     FROM (
       SELECT entries_fts.rowid AS rid, -bm25(entries_fts, 10.0, 1.0, 5.0, 2.0) AS score,
         e.published_at AS published_at
       FROM entries_fts
       CROSS JOIN entries e
       CROSS JOIN subscriptions s
       LEFT JOIN collections c ON c.entry_id = e.id
       WHERE entries_fts MATCH ? AND e.rowid = entries_fts.rowid
         AND s.feed_id = e.feed_id AND s.type = 'feed'${where.length ? ` AND ${where.join(" AND ")}` : ""}
       ORDER BY entries_fts.rowid DESC
       LIMIT ${CANDIDATES}
     ) hit
     JOIN entries e ON e.rowid = hit.rid
     JOIN entries_fts ft ON ft.rowid = hit.rid
     JOIN subscriptions s ON s.feed_id = e.feed_id AND s.type = 'feed'
     LEFT JOIN feeds f ON f.id = e.feed_id
     LEFT JOIN collections c ON c.entry_id = e.id
     ORDER BY hit.score DESC, hit.published_at DESC
     LIMIT ? OFFSET ?`,
    params,
  );
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

type HitRow = Row;

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

function toFeed(row: HitRow): FeedModel {
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

async function searchFeeds(
  db: LocalDatabase,
  query: SearchQuery,
  request: SearchRequest,
): Promise<FeedHit[]> {
  const where: string[] = ["s.type = 'feed'"];
  const params: SqlValue[] = [];
  if (request.view !== undefined) {
    where.push("s.view = ?");
    params.push(request.view);
  }
  if (request.category !== undefined) {
    where.push("s.category = ?");
    params.push(request.category);
  }
  const rows = await db.query(
    `SELECT f.id AS feed_id, f.url AS f_url, f.title AS f_title, f.description AS f_description,
       f.image AS f_image, f.site_url AS f_site_url, f.owner_user_id AS f_owner_user_id,
       f.error_at AS f_error_at, f.error_message AS f_error_message,
       s.title AS s_title, s.view AS s_view, s.category AS s_category
     FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
     WHERE ${where.join(" AND ")}`,
    params,
  );
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
