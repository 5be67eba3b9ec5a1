import { useCallback, useRef, useState } from "react";
import { of } from "rxjs";
import { formatFeedIdParam } from "../../../contract/routes.ts";
import { type TimelineBounds, type TimelineQuery, timelineIds$ } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { setStickyScope, stickyIds } from "./sticky-reads.ts";
import {
  firstPaging,
  pagingForEarlier,
  pagingForEmpty,
  pagingForMore,
  type Shown,
} from "./timeline-window.ts";

function timelineKey(query: TimelineQuery): string {
  const order = query.oldestFirst ? "oldest" : "newest";
  return `${query.view}|${formatFeedIdParam(query.feed)}|${query.unreadOnly ? 1 : 0}|${order}`;
}

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
  const windowAt = current.starts.at(-1);
  const start = windowAt?.row;
  const page = useLiveQuery(
    () => (db ? timelineIds$(db, query, current.limit, stickyIds, bounds, start) : of(undefined)),
    [db, key, current.limit, current.generation, bounds.floor, bounds.ceiling, start],
  );
  const last = useRef<Shown | null>(null);
  if (page) {
    last.current = { key, page, start: start?.id ?? "", before: windowAt?.before.publishedAt };
  }
  const shown = last.current?.key === key ? last.current : undefined;
  const emptied = pagingForEmpty(current, page);
  if (emptied !== current) setPaging(emptied);

  const loadMore = useCallback(
    (lanes = 1) => setPaging((p) => (p.key === key ? pagingForMore(p, last.current, lanes) : p)),
    [key],
  );
  const loadEarlier = useCallback(
    () => setPaging((p) => (p.key === key ? pagingForEarlier(p, last.current) : p)),
    [key],
  );
  /** Refetch: entries read in the meantime leave the list, and the first page shows again. */
  const restart = useCallback(() => {
    setPaging((p) => firstPaging(key, p.generation + 1));
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
