import { useCallback, useRef, useState } from "react";
import { of } from "rxjs";
import { formatFeedIdParam } from "../../../contract/routes.ts";
import {
  type TimelineBounds,
  type TimelinePage,
  type TimelineQuery,
  timelineIds$,
} from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { setStickyScope, stickyIds } from "./sticky-reads.ts";

/** Entries in the first page of the infinite scroll (from the local store, not the network). */
export const TIMELINE_PAGE_SIZE = 200;

function timelineKey(query: TimelineQuery): string {
  const order = query.oldestFirst ? "oldest" : "newest";
  return `${query.view}|${formatFeedIdParam(query.feed)}|${query.unreadOnly ? 1 : 0}|${order}`;
}

/**
 * The ids of a timeline, growing as the user scrolls (each step doubles the page). While a bigger page loads the previous one
 * stays on screen; a different timeline starts empty.
 */
export function useTimelineRows(
  reader: RuntimeServices | undefined,
  query: TimelineQuery,
  /** Rows beyond these are hidden: the server pager has not reached them. */
  bounds: TimelineBounds,
) {
  const key = timelineKey(query);
  const [paging, setPaging] = useState({ key, limit: TIMELINE_PAGE_SIZE, generation: 0 });
  const current = paging.key === key ? paging : { key, limit: TIMELINE_PAGE_SIZE, generation: 0 };
  if (paging.key !== key) setPaging(current);
  setStickyScope(`${key}#${current.generation}`);

  const db = reader?.db;
  const page = useLiveQuery(
    () => (db ? timelineIds$(db, query, current.limit, stickyIds, bounds) : of(undefined)),
    [db, key, current.limit, current.generation, bounds.floor, bounds.ceiling],
  );
  const last = useRef<{ key: string; page: TimelinePage } | null>(null);
  if (page) last.current = { key, page };
  const shown = page ?? (last.current?.key === key ? last.current.page : undefined);

  // Each step doubles what is loaded: reaching the end of 50,000 local entries takes 8 steps.
  const loadMore = useCallback(() => {
    setPaging((p) => (p.key === key ? { ...p, limit: p.limit * 2 } : p));
  }, [key]);
  /** Refetch: entries read in the meantime leave the list, and the first page shows again. */
  const restart = useCallback(() => {
    setPaging((p) => ({ key, limit: TIMELINE_PAGE_SIZE, generation: p.generation + 1 }));
  }, [key]);

  return {
    key,
    page: shown,
    loading: shown === undefined,
    /** The rows shown are the last answer while a new one (other bounds, a bigger page) runs. */
    settling: page === undefined && shown !== undefined,
    loadMore,
    restart,
  };
}
