import { useCallback, useRef, useState } from "react";
import { of } from "rxjs";
import { formatFeedIdParam } from "../../../contract/routes.ts";
import {
  type TimelineBounds,
  type TimelinePage,
  type TimelineQuery,
  type TimelineRow,
  timelineIds$,
} from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { setStickyScope, stickyIds } from "./sticky-reads.ts";

/** Entries in the first page of the infinite scroll (from the local store, not the network). */
export const TIMELINE_PAGE_SIZE = 200;

/**
 * The most rows held at once. Past it the list is a window that moves along the timeline by
 * half its size (the row at its middle starts the next one), so a long scroll holds as many ids
 * and measured heights at 100,000 entries as at 3,200.
 */
export const TIMELINE_WINDOW_ROWS = 3_200;

function timelineKey(query: TimelineQuery): string {
  const order = query.oldestFirst ? "oldest" : "newest";
  return `${query.view}|${formatFeedIdParam(query.feed)}|${query.unreadOnly ? 1 : 0}|${order}`;
}

interface Paging {
  key: string;
  limit: number;
  generation: number;
  /** Where each window moved to starts, the current one last; none at the timeline's top. */
  starts: readonly WindowStart[];
}

interface WindowStart {
  row: TimelineRow;
  /** The row just before it, whose day tells whether the window opens mid-day. */
  before: TimelineRow;
}

const firstPaging = (key: string): Paging => ({
  key,
  limit: TIMELINE_PAGE_SIZE,
  generation: 0,
  starts: [],
});

/**
 * The ids of a timeline, growing as the user scrolls (each step doubles the page) up to
 * TIMELINE_WINDOW_ROWS, then moving as a window: `loadMore` moves it on by half, `loadEarlier`
 * back. While a bigger page or another window loads the previous one stays on screen; a
 * different timeline starts empty.
 */
export function useTimelineRows(
  reader: RuntimeServices | undefined,
  query: TimelineQuery,
  /** Rows beyond these are hidden: the server pager has not reached them. */
  bounds: TimelineBounds,
) {
  const key = timelineKey(query);
  const [paging, setPaging] = useState(() => firstPaging(key));
  const current = paging.key === key ? paging : firstPaging(key);
  if (paging.key !== key) setPaging(current);
  setStickyScope(`${key}#${current.generation}`);

  const db = reader?.db;
  const start = current.starts.at(-1)?.row;
  const page = useLiveQuery(
    () => (db ? timelineIds$(db, query, current.limit, stickyIds, bounds, start) : of(undefined)),
    [db, key, current.limit, current.generation, bounds.floor, bounds.ceiling, start],
  );
  const last = useRef<{
    key: string;
    page: TimelinePage;
    start: string;
    before: string | undefined;
  } | null>(null);
  if (page) {
    const before = current.starts.at(-1)?.before.publishedAt;
    last.current = { key, page, start: start?.id ?? "", before };
  }
  const shown = last.current?.key === key ? last.current : undefined;

  // Each step doubles what is loaded: a full window after 4 steps, then it moves.
  const loadMore = useCallback(() => {
    setPaging((p) => {
      if (p.key !== key) return p;
      if (p.limit < TIMELINE_WINDOW_ROWS) {
        return { ...p, limit: Math.min(TIMELINE_WINDOW_ROWS, p.limit * 2) };
      }
      // The window shown must be the one asked for: a second call before it arrives is the same.
      const rows = last.current?.key === key ? last.current.page.rows : [];
      if (last.current?.start !== (p.starts.at(-1)?.row.id ?? "")) return p;
      const row = rows[TIMELINE_WINDOW_ROWS / 2];
      const before = rows[TIMELINE_WINDOW_ROWS / 2 - 1];
      return row && before ? { ...p, starts: [...p.starts, { row, before }] } : p;
    });
  }, [key]);
  const loadEarlier = useCallback(() => {
    setPaging((p) =>
      p.key === key && p.starts.length > 0 ? { ...p, starts: p.starts.slice(0, -1) } : p,
    );
  }, [key]);
  /** Refetch: entries read in the meantime leave the list, and the first page shows again. */
  const restart = useCallback(() => {
    setPaging((p) => ({ ...firstPaging(key), generation: p.generation + 1 }));
  }, [key]);

  return {
    key,
    page: shown?.page,
    /** The id the shown window starts at; "" at the timeline's top. */
    windowStart: shown?.start ?? "",
    /** When the row before the shown window was published (none at the timeline's top). */
    windowBefore: shown?.before,
    loading: shown === undefined,
    /** The rows shown are the last answer while a new one (other bounds, a bigger page) runs. */
    settling: page === undefined && shown !== undefined,
    loadMore,
    loadEarlier,
    restart,
  };
}
