import { useCallback, useEffect, useState } from "react";
import type { TimelineQuery } from "../queries/index.ts";
import { createPager, type Pager, type PagerState, timelineScope } from "../sync/pager.ts";
import type { RuntimeServices } from "./runtime-services.ts";

export type { PagerState };

const UNKNOWN: PagerState = {
  settled: false,
  floor: undefined,
  loading: false,
  end: false,
  offline: false,
};
/** Lists and inboxes: the server cannot page them yet; what is local is all there is. */
const LOCAL_ONLY: PagerState = { ...UNKNOWN, settled: true, end: true };

/**
 * The server pager of the timeline on screen (src/sync/pager.ts): its floor (newest first) or
 * ceiling (oldest first) bounds the rows shown (rows arrive below them, never between), and
 * `loadMore` fetches the next page when the local rows run out.
 */
export function useTimelinePager(reader: RuntimeServices | undefined, query: TimelineQuery) {
  const key = JSON.stringify(query);
  const [pager, setPager] = useState<{ key: string; pager: Pager | null } | null>(null);
  const [state, setState] = useState<{ pager: Pager; value: PagerState } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the query.
  useEffect(() => {
    if (!reader) return;
    let cancelled = false;
    let created: Pager | null = null;
    void timelineScope(reader.db, query).then((scope) => {
      if (cancelled) return;
      if (scope) {
        const call = reader.api.call;
        const options = {
          db: reader.db,
          call,
          scope,
          connectivity: reader.connectivity,
          order: query.oldestFirst ? ("oldest" as const) : ("newest" as const),
        };
        created = createPager(options);
      }
      setPager({ key, pager: created });
    });
    return () => {
      cancelled = true;
      created?.stop();
    };
  }, [reader, key]);

  const current = pager?.key === key ? pager.pager : undefined;
  useEffect(() => {
    if (!current) return;
    const subscription = current.state$.subscribe((value) => setState({ pager: current, value }));
    return () => subscription.unsubscribe();
  }, [current]);

  let shown = UNKNOWN;
  if (current === null) shown = LOCAL_ONLY;
  else if (current && state?.pager === current) shown = state.value;
  const loadMore = useCallback(() => {
    current?.loadMore().catch(() => undefined);
  }, [current]);
  return { state: shown, loadMore };
}
