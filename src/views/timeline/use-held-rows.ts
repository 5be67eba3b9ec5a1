import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { TimelineRow } from "../../queries/index.ts";
import { holdNewRows } from "./held-rows.ts";

/** Within this many pixels of the top, the person is not reading below: new rows go in. */
const TOP_SLACK_PX = 8;

/**
 * The timeline's rows with those that arrived above what is being read held back
 * (./held-rows.ts); `showHeld` lets them in and scrolls to them. Scrolling to the top lets
 * them in too. Rows a window that just moved (`moved`, timeline-window.ts) brings are not new.
 */
export function useHeldRows(
  rows: TimelineRow[],
  scrollElement: HTMLElement | null,
  moved: boolean,
) {
  const known = useRef(new Set<string>());
  const [releases, release] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a release is a trigger too.
  const held = useMemo(() => {
    const atTop = moved || !scrollElement || scrollElement.scrollTop < TOP_SLACK_PX;
    return holdNewRows(rows, known.current, atTop);
  }, [rows, releases]);

  useEffect(() => {
    if (!scrollElement || held.size === 0) return;
    const onScroll = () => {
      if (scrollElement.scrollTop < TOP_SLACK_PX) release((n) => n + 1);
    };
    scrollElement.addEventListener("scroll", onScroll, { passive: true });
    return () => scrollElement.removeEventListener("scroll", onScroll);
  }, [scrollElement, held]);

  const shown = useMemo(
    () => (held.size === 0 ? rows : rows.filter((row) => !held.has(row.id))),
    [rows, held],
  );
  const showHeld = useCallback(() => {
    for (const id of held) known.current.add(id);
    scrollElement?.scrollTo({ top: 0 });
    release((n) => n + 1);
  }, [held, scrollElement]);
  return { rows: shown, held: held.size, showHeld };
}
