import { type SelectQueryBuilder, sql } from "kysely";
import { map, type Observable, of } from "rxjs";
import type { FeedSelection } from "../../contract/routes.ts";
import { toFts5Match } from "../../contract/search/fts5.ts";
import { parseSearchQuery } from "../../contract/search/query.ts";
import { jsonValues } from "../db/json-values.ts";
import { local, type Select, select } from "../db/local-sql.ts";
import type { LocalTables } from "../db/local-tables.ts";
import { liveQuery, liveSelect } from "../db/queries.ts";
import { refreshSearchIndex } from "../db/search-index.ts";
import { selectRows } from "../db/select-rows.ts";
import { withTagFilters } from "../db/tag-filter.ts";
import type { LocalDatabase } from "../db/types.ts";
import { distinctUnread, scope, unreadTotal } from "./distinct-unread.ts";
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

type Entries = LocalTables & { e: LocalTables["entries"] };
/** A selection of entries as `e` (other tables it joins are only filtered on). */
type EntrySelection = SelectQueryBuilder<Entries, "e", object>;

interface Source {
  query: EntrySelection;
  /** Collections list starred entries whether read or not. */
  ignoresUnread?: boolean;
}

const entries = () => local.selectFrom("entries as e");
const bySubscription = () =>
  local.selectFrom("entries as e").innerJoin("subscriptions as s", "s.feed_id", "e.feed_id");
/** Joined tables only narrow the rows: the timeline reads `e` alone. */
const narrowed = (query: SelectQueryBuilder<never, never, object>) =>
  query as unknown as EntrySelection;

/** Matches nothing: a saved search that is gone (deleted elsewhere) or cannot be read. */
const nothing = (): Source => ({ query: entries().where(sql.lit(false)) });

/**
 * A saved search's entries held locally: the local index's matches (the same syntax as the
 * server's) among subscribed entries, with the search's filters.
 */
function searchSource(search: SavedSearchItem | undefined): Source {
  const parsed = search ? parseSearchQuery(search.keyword) : undefined;
  if (!search || !parsed?.ok) return nothing();
  const { filters } = search;
  const matches = local
    .selectFrom("entries_fts")
    .select("rowid")
    .where("entries_fts", "match", toFts5Match(parsed.query));
  let query = withTagFilters(
    bySubscription().where(sql.ref("e.rowid"), "in", matches),
    parsed.query.tags,
  );
  if (filters.view !== undefined) query = query.where("s.view", "=", filters.view);
  if (filters.feedIdList) query = query.where("e.feed_id", "in", jsonValues(filters.feedIdList));
  if (filters.category !== undefined) query = query.where("s.category", "=", filters.category);
  if (filters.unread !== undefined) query = query.where("e.read", "=", filters.unread ? 0 : 1);
  if (filters.starred !== undefined) {
    const starred = local.selectFrom("collections").select("entry_id");
    query = query.where("e.id", filters.starred ? "in" : "not in", starred);
  }
  return { query: narrowed(query) };
}

/**
 * The entries of a timeline selection (the feedId forms a timeline link takes); a saved
 * search's needs the search (read it first: readSavedSearch).
 */
export function timelineSource(query: TimelineQuery, search?: SavedSearchItem): Source {
  const { feed, view } = query;
  switch (feed.kind) {
    case "all":
      return { query: narrowed(bySubscription().where("s.view", "=", view)) };
    case "collections":
      return {
        query: narrowed(
          local
            .selectFrom("collections as c")
            .innerJoin("entries as e", "e.id", "c.entry_id")
            .where("c.view", "=", view),
        ),
        ignoresUnread: true,
      };
    case "folder":
      return {
        query: narrowed(
          bySubscription().where("s.view", "=", view).where("s.category", "=", feed.name),
        ),
      };
    case "feed":
      return { query: entries().where("e.feed_id", "=", feed.feedId) };
    case "feeds":
      return { query: entries().where("e.feed_id", "in", jsonValues(feed.feedIds)) };
    case "list": {
      const listFeeds = local
        .selectFrom([
          "lists as l",
          sql<{ value: string }>`json_each(${sql.ref("l.feed_ids")})`.as("j"),
        ])
        .select("j.value")
        .where("l.id", "=", feed.listId);
      return { query: entries().where("e.feed_id", "in", listFeeds) };
    }
    case "inbox":
      return { query: entries().where("e.inbox_handle", "=", feed.inboxId) };
    case "search":
      return searchSource(search);
    case "tag": {
      // Tagged entries of any feed, followed or not (a tag outlives the subscription).
      const tagged = local.selectFrom("entry_tags").select("entry_id").where("tag", "=", feed.tag);
      return { query: entries().where("e.id", "in", tagged) };
    }
  }
}

/**
 * One page of a timeline as one text value ("id published_at" lines) and the number of rows
 * (one more than `limit` when there are more), from its top or from the row `start`.
 */
function timelinePage(
  source: Source,
  query: TimelineQuery,
  limit: number,
  keep: readonly string[],
  bounds: TimelineBounds,
  start: TimelineRow | undefined,
) {
  let rows = source.query;
  if (query.unreadOnly && !source.ignoresUnread) {
    rows = rows.where((eb) => eb.or([eb("e.read", "=", 0), eb("e.id", "in", jsonValues(keep))]));
  }
  if (bounds.floor) rows = rows.where("e.published_at", ">=", bounds.floor);
  if (bounds.ceiling !== undefined && bounds.ceiling !== "~") {
    rows = rows.where("e.published_at", "<=", bounds.ceiling);
  }
  if (start) {
    // A window further down: from `start` on, in the timeline's order (keyset on time, id; the
    // bound on time alone keeps the index range).
    const [beyond, within] = query.oldestFirst ? ([">", ">="] as const) : (["<", "<="] as const);
    rows = rows
      .where("e.published_at", within, start.publishedAt)
      .where((eb) =>
        eb.or([eb("e.published_at", beyond, start.publishedAt), eb("e.id", within, start.id)]),
      );
  }
  const direction = query.oldestFirst ? "asc" : "desc";
  const lines = rows
    .select(sql<string>`${sql.ref("e.id")} || ' ' || ${sql.ref("e.published_at")}`.as("line"))
    .orderBy("e.published_at", direction)
    .orderBy("e.id", direction)
    .limit(limit + 1);
  return select(
    local
      .selectFrom(lines.as("t"))
      .select((eb) => [
        sql<string | null>`group_concat(${sql.ref("t.line")}, char(10))`.as("lines"),
        eb.fn.countAll<number>().as("n"),
      ]),
  );
}

type PageRow = ReturnType<typeof timelinePage> extends Select<infer Row> ? Row : never;

/** Stands for the kept ids in a compiled page, to find their parameter. */
const KEPT = "\u0000kept";

/** A compiled page whose kept ids (if it has them) are filled in per run. */
function withKept(page: Select<PageRow>) {
  const at = page.params.indexOf(JSON.stringify([KEPT]));
  return {
    page,
    fill(keep: readonly string[]): Select<PageRow> {
      if (at < 0) return page;
      const params = [...page.params];
      params[at] = JSON.stringify(keep);
      return { ...page, params };
    },
  };
}

/** Tables a saved search's page reads besides the search itself (the index follows entries). */
const SEARCH_READS = ["entries", "subscriptions", "collections", "saved_searches"];

/**
 * The ids of a timeline, newest first (or oldest first), at most `limit` (infinite scroll raises it page by page;
 * the rows themselves load per visible window), from its top or from the row `start` on (a
 * window further down, see timeline-window.ts). With unread only, entries in `keep()` stay
 * although read: what the user marked read while looking at the list does not jump away.
 */
export function timelineIds$(
  db: LocalDatabase,
  query: TimelineQuery,
  limit: number,
  keep: () => readonly string[] = () => [],
  bounds: TimelineBounds = {},
  start?: TimelineRow,
): Observable<TimelinePage> {
  // A timeline other than a search is compiled once: only the kept ids change between runs.
  const compiled =
    query.feed.kind === "search"
      ? undefined
      : withKept(timelinePage(timelineSource(query), query, limit, [KEPT], bounds, start));
  // One text value ("id published_at" lines) instead of 50,000 row objects: the worker hands it
  // over and the live query compares it far faster, which matters as it re-runs on every read.
  return liveQuery(db, compiled?.page.reads ?? SEARCH_READS, async () => {
    let page: Select<PageRow>;
    if (compiled) page = compiled.fill(keep());
    else {
      const search =
        query.feed.kind === "search" ? await readSavedSearch(db, query.feed.searchId) : undefined;
      // Entries stored since the last search join the local index first.
      await refreshSearchIndex(db);
      page = timelinePage(timelineSource(query, search), query, limit, keep(), bounds, start);
    }
    const [row] = await selectRows(db, page);
    return { lines: row?.lines ?? "", count: Number(row?.n ?? 0) };
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
  const where = unreadScope(query);
  if (!where) return of(0);
  return liveSelect(db, distinctUnread(where), unreadTotal);
}

/** The subscriptions a timeline shows, or undefined for one without unread counts. */
function unreadScope({ feed, view }: TimelineQuery) {
  switch (feed.kind) {
    case "all":
      return scope("s.view", "=", view);
    case "folder":
      return scope.and([scope("s.view", "=", view), scope("s.category", "=", feed.name)]);
    case "feed":
      return scope("s.feed_id", "=", feed.feedId);
    case "feeds":
      return scope("s.feed_id", "in", jsonValues(feed.feedIds));
    case "list":
      return scope("s.list_id", "=", feed.listId);
    case "inbox":
      return scope("s.inbox_id", "=", feed.inboxId);
    case "collections":
    case "search":
      return undefined;
  }
}
