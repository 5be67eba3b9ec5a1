import type { NotNull } from "kysely";
import { BehaviorSubject, filter, merge, type Observable, type Subscription } from "rxjs";
import { endpointInfo } from "../../contract/api/info.ts";
import type { EntryListItem } from "../../contract/reading-models.ts";
import type { FeedSelection } from "../../contract/routes.ts";
import type { ApiCall } from "../api/call.ts";
import { local, select } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import type { LocalDatabase } from "../db/types.ts";
import { readSavedSearch } from "../queries/saved-searches.ts";
import { type Ceiling, END, isComplete, readCeiling } from "./ceilings.ts";
import type { Connectivity } from "./connectivity.ts";
import { fetchEntryPage, readWholePage } from "./entry-page.ts";
import { type Floor, readFloor, type SearchScope, type TimelineScope } from "./floors.ts";
import { writePage } from "./page-write.ts";
import { unconfirmedCommands } from "./unconfirmed.ts";

/** Entries per page asked of the server (its maximum is 100). */
export const PAGE_SIZE = 50;

/** While requests get no answer although the browser says online. */
const OFFLINE_RETRY_MS = 5000;

export interface PagerState {
  /** The bounds have been read from the store (before, nothing is known about them). */
  settled: boolean;
  /**
   * Newest first: rows published at or after this are complete locally (see floors.ts); show
   * only those. Undefined oldest first.
   */
  floor: Floor;
  /**
   * Oldest first: rows published at or before this are complete locally (see ceilings.ts);
   * show only those ("" none yet, END all). Undefined newest first.
   */
  ceiling?: Ceiling;
  /** A page is in flight. */
  loading: boolean;
  /** The server has no older entries for this timeline. */
  end: boolean;
  /** The last page could not be fetched for want of a connection; retried on reconnect. */
  offline: boolean;
}

export interface Pager {
  readonly state$: Observable<PagerState>;
  readonly state: PagerState;
  /**
   * Fetches the next page (older newest first, newer oldest first) unless one is in flight or
   * the server has no more.
   */
  loadMore(): Promise<void>;
  stop(): void;
}

export interface PagerOptions {
  db: LocalDatabase;
  call: ApiCall;
  scope: TimelineScope;
  connectivity?: Pick<Connectivity, "browserOnline" | "browserOnline$" | "reconnected$">;
  pageSize?: number;
  /** Newest first (the default) or from the oldest entry up. */
  order?: "newest" | "oldest";
}

/**
 * Pages one server timeline into the local store, older and older, from where the local store
 * stops being complete (its floor) to the server's end. The view shows local rows at or after
 * the floor, so rows arrive below what is shown, never between.
 */
export function createPager(options: PagerOptions): Pager {
  const { db, scope } = options;
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const oldestFirst = options.order === "oldest";
  const state$ = new BehaviorSubject<PagerState>({
    settled: false,
    floor: undefined,
    loading: false,
    end: false,
    offline: false,
  });
  const update = (change: Partial<PagerState>) => state$.next({ ...state$.value, ...change });
  let stopped = false;
  let inFlight: Promise<void> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  // Bounds move when a pull, another pager or a new subscription stores pages.
  const refreshFloor = async () => {
    const floor = await readFloor(db, scope);
    if (!oldestFirst) {
      if (!stopped) update({ settled: true, floor, end: floor === "" });
      return;
    }
    const ceiling = await readCeiling(db, scope);
    const complete = isComplete(ceiling, floor);
    if (!stopped) {
      update({
        settled: true,
        floor: undefined,
        ceiling: complete ? END : (ceiling ?? ""),
        end: complete,
      });
    }
  };
  const ready = refreshFloor();
  const subscriptions: Subscription[] = [
    db.changes$.pipe(filter((tables) => tables.has("meta"))).subscribe(() => {
      void refreshFloor();
    }),
  ];
  if (options.connectivity) {
    subscriptions.push(
      // Back online (the browser says so, or a request got through): try again.
      merge(
        options.connectivity.reconnected$,
        options.connectivity.browserOnline$.pipe(filter((online) => online)),
      ).subscribe(() => {
        if (state$.value.offline) void loadMore().catch(() => undefined);
      }),
    );
  }

  const fetchPage = async () => {
    await ready;
    if (state$.value.end) return;
    // Where the local run stops: the next page starts just beyond it (undefined: at the start).
    const from = (oldestFirst ? state$.value.ceiling : state$.value.floor) || undefined;
    if (isOffline(options.connectivity)) {
      update({ offline: true });
      return;
    }
    update({ loading: true, offline: false });
    try {
      const unconfirmedAtFetch = await unconfirmedCommands(db);
      const page = await fetchEntries(options.call, scope, pageSize, from, oldestFirst);
      if (stopped) return;
      const data = "more" in page ? page.items : page;
      const more = "more" in page ? page.more : data.length >= pageSize;
      // The server never splits entries sharing a publish time across pages, so the next
      // page starts strictly beyond the last one here; a short page is the end.
      const last = more ? data.at(-1)?.entries.publishedAt : undefined;
      const to = last ?? (oldestFirst ? END : "");
      const order = oldestFirst ? "oldest" : "newest";
      await writePage(db, data, scope, { order, from, to }, { unconfirmedAtFetch });
      // A page that no longer joins the local run (its bound moved meanwhile) moved nothing.
      await refreshFloor();
    } catch (error) {
      if (stopped) return;
      const offline = isOffline(options.connectivity) || isNetworkError(error);
      update({ offline });
      if (!offline) throw error;
      // No answer while the browser says online: try again in a while as well.
      retryTimer ??= setTimeout(() => {
        retryTimer = undefined;
        if (state$.value.offline) void loadMore().catch(() => undefined);
      }, OFFLINE_RETRY_MS);
    } finally {
      if (!stopped) update({ loading: false });
    }
  };

  function loadMore(): Promise<void> {
    if (stopped || state$.value.end) return Promise.resolve();
    inFlight ??= fetchPage().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    state$: state$.asObservable(),
    get state() {
      return state$.value;
    },
    loadMore,
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      for (const subscription of subscriptions) subscription.unsubscribe();
    },
  };
}

/** Only the browser's word stops an attempt: a failed request may have been the last one. */
function isOffline(connectivity: Pick<Connectivity, "browserOnline"> | undefined): boolean {
  return connectivity?.browserOnline === false;
}

/** A request that got no answer (no status): the connection, not the server. */
function isNetworkError(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "status" in error &&
    (error as { status: unknown }).status === null &&
    !(error as { aborted?: boolean }).aborted
  );
}

/**
 * The server filter of a timeline the route names (undefined for one the server cannot page).
 * A folder is the feeds the user filed under it in that view.
 */
export async function timelineScope(
  db: LocalDatabase,
  query: { view: number; feed: FeedSelection; unreadOnly: boolean },
): Promise<TimelineScope | undefined> {
  const { feed } = query;
  const view = query.view as TimelineScope["view"];
  const read = query.unreadOnly ? { read: false } : {};
  switch (feed.kind) {
    case "all":
      return { view, ...read };
    case "collections":
      return { view, isCollection: true };
    case "feed":
      return { feedId: feed.feedId, ...read };
    case "feeds":
      return { feedIdList: [...feed.feedIds], ...read };
    case "folder": {
      const rows = await selectRows(
        db,
        select(
          local
            .selectFrom("subscriptions")
            .select("feed_id")
            .where("view", "=", query.view)
            .where("category", "=", feed.name)
            .where("feed_id", "is not", null)
            .$narrowType<{ feed_id: NotNull }>(),
        ),
      );
      return { feedIdList: rows.map((row) => row.feed_id), ...read };
    }
    case "list":
      return { listId: feed.listId, ...read };
    case "inbox":
      return { inboxId: feed.inboxId, ...read };
    case "search": {
      // Its own filters, not the timeline's: a search for unread entries says so itself.
      const search = await readSavedSearch(db, feed.searchId);
      return search ? { search } : undefined;
    }
  }
}

/**
 * A new subscription fills at once: its newest page is fetched and stored whatever the age of
 * its entries (the pull's window of the newest entries overall may hold none of them).
 */
export async function fillSubscription(
  db: LocalDatabase,
  call: ApiCall,
  feedId: string,
  pageSize = PAGE_SIZE,
) {
  const scope = { feedId };
  const unconfirmedAtFetch = await unconfirmedCommands(db);
  const data = await fetchEntryPage(call, { ...scope, limit: pageSize }, { silent: true });
  const floor = data.length < pageSize ? "" : (data.at(-1)?.entries.publishedAt ?? "");
  await writePage(
    db,
    data,
    scope,
    { order: "newest", from: undefined, to: floor },
    { newFeed: true, unconfirmedAtFetch },
  );
}

/** One page of a timeline: an inbox's from entries/inbox, any other from entries. */
async function fetchEntries(
  call: ApiCall,
  scope: TimelineScope,
  pageSize: number,
  from: string | undefined,
  /** Timelines by feed only: inboxes page newest first (their pager never asks otherwise). */
  oldestFirst = false,
): Promise<readonly EntryListItem[] | SearchPage> {
  const cursor = from ? { publishedAfter: from } : {};
  if (scope.inboxId !== undefined) {
    const { inboxId, read } = scope;
    const request = {
      inboxId,
      limit: pageSize,
      ...cursor,
      ...(read !== undefined ? { read } : {}),
    };
    const data = await readWholePage(pageSize, async (keyset) => {
      const answer = await call(
        endpointInfo.inboxes.listEntries,
        { ...request, ...keyset },
        { silent: true },
      );
      return answer.data;
    });
    // Inbox items name their inbox where others name their feed (entryRow reads the handle).
    return data as unknown as readonly EntryListItem[];
  }
  if (scope.search !== undefined) return fetchSearchPage(call, scope.search, pageSize, from);
  const order = oldestFirst ? { order: "oldest" as const } : {};
  const request = { ...scope, limit: pageSize, ...order, ...cursor };
  return fetchEntryPage(call, request, { silent: true });
}

interface SearchPage {
  items: readonly EntryListItem[];
  /** More matches are older than these. */
  more: boolean;
}

/**
 * One page of a saved search's timeline: its matches newest first, published before `from`.
 * A floor is a publish time (everything at or after it is local), so a page must not end
 * inside a run of entries sharing one: a page whose last entries share a time that may go on
 * leaves those for the next page, which starts strictly before that time. A page that is one
 * such run throughout reads on within it by the keyset cursor (publishedBefore + beforeId)
 * until the run ends, so no entry of it is skipped.
 */
async function fetchSearchPage(
  call: ApiCall,
  search: SearchScope,
  pageSize: number,
  from: string | undefined,
): Promise<SearchPage> {
  const items: EntryListItem[] = [];
  let cursor: { publishedBefore?: string; beforeId?: string } = from
    ? { publishedBefore: from }
    : {};
  for (;;) {
    const { data } = await call(
      endpointInfo.search.query,
      {
        keyword: search.keyword,
        type: "entries",
        order: "newest",
        limit: pageSize,
        ...search.filters,
        ...cursor,
      },
      { silent: true },
    );
    for (const { score: _score, title: _title, snippet: _snippet, ...item } of data.entries) {
      items.push(item);
    }
    const last = items.at(-1);
    if (!data.hasMore || !last) return { items, more: false };
    const whole = items.filter((item) => item.entries.publishedAt !== last.entries.publishedAt);
    if (whole.length > 0) return { items: whole, more: true };
    cursor = { publishedBefore: last.entries.publishedAt, beforeId: last.entries.id };
  }
}
