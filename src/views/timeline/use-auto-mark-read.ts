import { useCallback, useEffect, useRef } from "react";
import { runCommand } from "../../commands/run.ts";

export interface MarkReadModes {
  /** Radical: marked read once displayed (renderMarkUnread). */
  render: boolean;
  /** Balanced: marked read when scrolled past (scrollMarkUnread)... */
  scroll: boolean;
  /** ...or hovered for a moment (hoverMarkUnread). */
  hover: boolean;
}

/** How long the pointer must rest on a row before hovering marks it read. */
const HOVER_MARK_MS = 600;
const FLUSH_MS = 250;
const DISPLAYED_RATIO = 0.6;

/**
 * The timeline's automatic mark-as-read (on scroll, on open, on hover, as the settings say). Rows register with `observe`; an
 * IntersectionObserver on the scroll container sees them displayed or scrolled past, and
 * hover timers see them hovered. Marks are batched into one command. Opening an entry (a click)
 * marks it read in every mode; that is the entry pane's job.
 */
export function useAutoMarkRead(
  scrollElement: HTMLElement | null,
  modes: MarkReadModes,
  isUnread: (id: string) => boolean,
) {
  const queue = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seen = useRef(new Set<string>());
  // On screen now (radical mode): rows whose data arrives later are marked when it does.
  const displayed = useRef(new Set<string>());
  const observer = useRef<IntersectionObserver | null>(null);
  const observed = useRef(new Set<Element>());
  const hoverTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const latest = useRef({ isUnread, modes });
  latest.current = { isUnread, modes };

  const flush = useCallback(() => {
    timer.current = undefined;
    const ids = [...queue.current].filter(latest.current.isUnread);
    queue.current.clear();
    if (ids.length > 0) runCommand("entries.markRead", { entryIds: ids });
  }, []);

  const enqueue = useCallback(
    (id: string) => {
      if (!latest.current.isUnread(id)) return;
      queue.current.add(id);
      timer.current ??= setTimeout(flush, FLUSH_MS);
    },
    [flush],
  );

  const watching = modes.render || modes.scroll;
  useEffect(() => {
    if (!scrollElement || !watching) return;
    const io = new IntersectionObserver(
      (records) => {
        const { render, scroll } = latest.current.modes;
        for (const record of records) {
          // A hidden timeline (another column shown) is not scrolled past: ignore it.
          if (!record.rootBounds?.height || !record.boundingClientRect.height) continue;
          const id = (record.target as HTMLElement).dataset.entryId;
          if (!id) continue;
          if (record.isIntersecting) {
            seen.current.add(id);
            if (record.intersectionRatio >= DISPLAYED_RATIO) {
              displayed.current.add(id);
              if (render) enqueue(id);
            } else displayed.current.delete(id);
          } else {
            displayed.current.delete(id);
          }
          if (record.isIntersecting) continue;
          if (scroll && seen.current.has(id) && record.rootBounds) {
            if (record.boundingClientRect.bottom <= record.rootBounds.top + 1) enqueue(id);
          }
        }
      },
      { root: scrollElement, threshold: [0, DISPLAYED_RATIO] },
    );
    observer.current = io;
    for (const element of observed.current) io.observe(element);
    return () => {
      io.disconnect();
      observer.current = null;
    };
  }, [scrollElement, watching, enqueue]);

  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        flush();
      }
      for (const hover of hoverTimers.current.values()) clearTimeout(hover);
    },
    [flush],
  );

  /** Watches a row element carrying data-entry-id; returns the cleanup (a React 19 ref). */
  const observe = useCallback((element: Element) => {
    observed.current.add(element);
    observer.current?.observe(element);
    return () => {
      observed.current.delete(element);
      observer.current?.unobserve(element);
    };
  }, []);

  const hoverProps = useCallback(
    (id: string) =>
      latest.current.modes.hover
        ? {
            onMouseEnter: () => {
              hoverTimers.current.set(
                id,
                setTimeout(() => {
                  hoverTimers.current.delete(id);
                  enqueue(id);
                }, HOVER_MARK_MS),
              );
            },
            onMouseLeave: () => {
              clearTimeout(hoverTimers.current.get(id));
              hoverTimers.current.delete(id);
            },
          }
        : {},
    [enqueue],
  );

  /** Rows' data changed (a window loaded): displayed unread rows are marked in radical mode. */
  const recheck = useCallback(() => {
    if (!latest.current.modes.render) return;
    for (const id of displayed.current) enqueue(id);
  }, [enqueue]);

  return { observe, hoverProps, recheck };
}
