import { map, type Observable } from "rxjs";
import type { FeedSelection } from "../../contract/routes.ts";
import { toFts5Match } from "../../contract/search/fts5.ts";
import { parseSearchQuery } from "../../contract/search/query.ts";
import { liveQuery } from "../db/queries.ts";
import { refreshSearchIndex } from "../db/search-index.ts";
import type { LocalDatabase, SqlValue } from "../db/types.ts";
import { distinctUnread } from "./distinct-unread.ts";
import { readSavedSearch, type SavedSearchItem } from "./saved-searches.ts";

/** What a timeline shows: a view, a source within it, and whether read entries are hidden. */
export interface TimelineQuery {
  view: number;
  feed: FeedSelection;
  unreadOnly: boolean;
  /** Read from the oldest entry up (a per-timeline choice); newest first otherwise. */
  oldestFirst?: boolean;
}

/** Where the local store has gaps: rows beyond these bounds are hidden (src/sync/pager.ts). */
export interface TimelineBounds {
  /** Newest first: show only rows published at or after this. */
  floor?: string;
  /** Oldest first: show only rows published at or before this ("" none; END "~" all). */
  ceiling?: string;
}

export interface TimelineRow {
  id: string;
  publishedAt: string;
}

export interface TimelinePage {
  rows: TimelineRow[];
  /** More entries exist locally beyond the limit. */
  more: boolean;
}

export const TIMELINE_TABLES = [
  "entries",
  "subscriptions",
  "collections",
  "lists",
  "saved_searches",
];

interface Source {
  from: string;
  where: string[];
  params: SqlValue[];
  /** Collections list starred entries whether read or not. */
  ignoresUnread?: boolean;
}

/** Matches nothing: a saved search that is gone (deleted elsewhere) or cannot be read. */
const NOTHING: Source = { from: "entries e", where: ["0"], params: [] };

/**
 * A saved search's entries held locally: the local index's matches (the same syntax as the
 * server's) among subscribed entries, with the search's filters.
 */
function searchSource(search: SavedSearchItem | undefined): Source {
  const parsed = search ? parseSearchQuery(search.keyword) : undefined;
  if (!search || !parsed?.ok) return NOTHING;
  const { filters } = search;
  const where = ["e.rowid IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?)"];
  const params: SqlValue[] = [toFts5Match(parsed.query)];
  if (filters.view !== undefined) {
    where.push("s.view = ?");
    params.push(filters.view);
  }
  if (filters.feedIdList) {
    where.push("e.feed_id IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(filters.feedIdList));
  }
  if (filters.category !== undefined) {
    where.push("s.category = ?");
    params.push(filters.category);
  }
  if (filters.unread !== undefined) where.push(filters.unread ? "e.read = 0" : "e.read = 1");
  if (filters.starred !== undefined) {
    where.push(`e.id ${filters.starred ? "" : "NOT "}IN (SELECT entry_id FROM collections)`);
  }
  return { from: "entries e JOIN subscriptions s ON s.feed_id = e.feed_id", where, params };
}

/**
 * The FROM and WHERE of a timeline selection (SPEC §2 feedId forms); a saved search's needs
 * the search (read it first: readSavedSearch).
 */
export function timelineSource(query: TimelineQuery, search?: SavedSearchItem): Source {
  const { feed, view } = query;
  const bySubscription = "entries e JOIN subscriptions s ON s.feed_id = e.feed_id";
  switch (feed.kind) {
    case "all":
      return { from: bySubscription, where: ["s.view = ?"], params: [view] };
    case "collections":
      return {
        from: "collections c JOIN entries e ON e.id = c.entry_id",
        where: ["c.view = ?"],
        params: [view],
        ignoresUnread: true,
      };
    case "folder":
      return {
        from: bySubscription,
        where: ["s.view = ?", "s.category = ?"],
        params: [view, feed.name],
      };
    case "feed":
      return { from: "entries e", where: ["e.feed_id = ?"], params: [feed.feedId] };
    case "feeds":
      return {
        from: "entries e",
        where: ["e.feed_id IN (SELECT value FROM json_each(?))"],
        params: [JSON.stringify(feed.feedIds)],
      };
    case "list":
      return {
        from: "entries e",
        where: [
          "e.feed_id IN (SELECT j.value FROM lists l, json_each(l.feed_ids) j WHERE l.id = ?)",
        ],
        params: [feed.listId],
      };
    case "inbox":
      return { from: "entries e", where: ["e.inbox_handle = ?"], params: [feed.inboxId] };
    case "search":
      return searchSource(search);
  }
}

/**
 * The ids of a timeline, newest first (or oldest first), at most `limit` (infinite scroll raises it page by page;
 * the rows themselves load per visible window). With unread only, entries in `keep()` stay
 * although read: what the user marked read while looking at the list does not jump away.
 */
export function timelineIds$(
  db: LocalDatabase,
  query: TimelineQuery,
  limit: number,
  keep: () => readonly string[] = () => [],
  bounds: TimelineBounds = {},
): Observable<TimelinePage> {
  // One text value ("id published_at" lines) instead of 50,000 row objects: the worker hands it
  // over and the live query compares it far faster, which matters as it re-runs on every read.
  return liveQuery(db, TIMELINE_TABLES, async () => {
    let search: SavedSearchItem | undefined;
    if (query.feed.kind === "search") {
      search = await readSavedSearch(db, query.feed.searchId);
      // Entries stored since the last search join the local index first.
      await refreshSearchIndex(db);
    }
    const source = timelineSource(query, search);
    const where = [...source.where];
    const params = [...source.params];
    if (query.unreadOnly && !source.ignoresUnread) {
      where.push("(e.read = 0 OR e.id IN (SELECT value FROM json_each(?)))");
      params.push(JSON.stringify(keep()));
    }
    if (bounds.floor) {
      where.push("e.published_at >= ?");
      params.push(bounds.floor);
    }
    if (bounds.ceiling !== undefined && bounds.ceiling !== "~") {
      where.push("e.published_at <= ?");
      params.push(bounds.ceiling);
    }
    const direction = query.oldestFirst ? "ASC" : "DESC";
    const rows = await db.query<{ lines: string | null; n: number }>(
      `SELECT group_concat(line, char(10)) AS lines, COUNT(*) AS n FROM (
         SELECT e.id || ' ' || e.published_at AS line FROM ${source.from}
         WHERE ${where.join(" AND ")}
         ORDER BY e.published_at ${direction}, e.id ${direction} LIMIT ?)`,
      [...params, limit + 1],
    );
    return { lines: rows[0]?.lines ?? "", count: Number(rows[0]?.n ?? 0) };
  }).pipe(map(({ lines, count }) => toPage(lines, count, limit)));
}

function toPage(lines: string, count: number, limit: number): TimelinePage {
  const rows: TimelineRow[] = [];
  if (lines) {
    for (const line of lines.split("\n", limit)) {
      const space = line.indexOf(" ");
      rows.push({ id: line.slice(0, space), publishedAt: line.slice(space + 1) });
    }
  }
  return { rows, more: count > limit };
}

/**
 * Unread entries of the selection (the header's count and its mark-all-read), from the unread
 * counts (cheap at any size; an entries COUNT would scan them all on every read toggle).
 */
export function timelineUnreadCount$(db: LocalDatabase, query: TimelineQuery): Observable<number> {
  return liveQuery(db, ["subscriptions", "lists", "unread"], async () => {
    const { feed, view } = query;
    let where: string;
    let params: SqlValue[];
    switch (feed.kind) {
      case "all":
        [where, params] = ["s.view = ?", [view]];
        break;
      case "folder":
        [where, params] = ["s.view = ? AND s.category = ?", [view, feed.name]];
        break;
      case "feed":
        [where, params] = ["s.feed_id = ?", [feed.feedId]];
        break;
      case "feeds":
        [where, params] = [
          "s.feed_id IN (SELECT value FROM json_each(?))",
          [JSON.stringify(feed.feedIds)],
        ];
        break;
      case "list":
        [where, params] = ["s.list_id = ?", [feed.listId]];
        break;
      case "inbox":
        [where, params] = ["s.inbox_id = ?", [feed.inboxId]];
        break;
      case "collections":
      case "search":
        return 0;
    }
    return distinctUnread(db, where, params);
  });
}
