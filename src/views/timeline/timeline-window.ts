import type { TimelinePage, TimelineRow } from "../../queries/index.ts";

/** Entries in the first page of the infinite scroll (from the local store, not the network). */
export const TIMELINE_PAGE_SIZE = 200;

/**
 * The most rows held at once. Past it the list is a window that moves along the timeline by
 * half its size (the row at its middle starts the next one), so a long scroll holds as many ids
 * and measured heights at 100,000 entries as at 3,200.
 */
export const TIMELINE_WINDOW_ROWS = 3_200;

/** What the open timeline asks of the local store. */
export interface Paging {
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

/** The page on screen, of which timeline and window. */
export interface Shown {
  key: string;
  page: TimelinePage;
  /** The id its window starts at; "" at the timeline's top. */
  start: string;
  /** When the row before its window was published. */
  before: string | undefined;
}

export const firstPaging = (key: string, generation = 0): Paging => ({
  key,
  limit: TIMELINE_PAGE_SIZE,
  generation,
  starts: [],
});

/** The window shown is the one last asked for: a move waits for it. */
const isShown = (shown: Shown | null, p: Paging) =>
  shown?.key === p.key && shown.start === (p.starts.at(-1)?.row.id ?? "");

/**
 * More rows: each step doubles the page up to a full window, then the window moves on by half,
 * rounded down to whole rows of `lanes` tiles so that tiles keep their columns. A second call
 * before the moved window arrives changes nothing.
 */
export function pagingForMore(p: Paging, shown: Shown | null, lanes: number): Paging {
  if (p.limit < TIMELINE_WINDOW_ROWS) {
    return { ...p, limit: Math.min(TIMELINE_WINDOW_ROWS, p.limit * 2) };
  }
  if (!isShown(shown, p)) return p;
  const half = TIMELINE_WINDOW_ROWS / 2;
  const at = half - (half % Math.max(1, lanes));
  const rows = shown?.page.rows ?? [];
  const row = rows[at];
  const before = rows[at - 1];
  return row && before ? { ...p, starts: [...p.starts, { row, before }] } : p;
}

/** The rows before a moved window: it moves back to where it was before its last move. */
export function pagingForEarlier(p: Paging, shown: Shown | null): Paging {
  return p.starts.length > 0 && isShown(shown, p) ? { ...p, starts: p.starts.slice(0, -1) } : p;
}

/**
 * A moved window that holds nothing (the server pager's bound went past its start, its rows
 * were deleted) goes back to the timeline's top, whose rows and pager go on from there.
 */
export function pagingForEmpty(p: Paging, page: TimelinePage | undefined): Paging {
  return page && page.rows.length === 0 && p.starts.length > 0 ? { ...p, starts: [] } : p;
}
