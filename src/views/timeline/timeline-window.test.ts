import { describe, expect, it } from "vitest";
import type { TimelineRow } from "../../queries/index.ts";
import {
  firstPaging,
  type Paging,
  pagingForEarlier,
  pagingForEmpty,
  pagingForMore,
  type Shown,
  TIMELINE_PAGE_SIZE,
  TIMELINE_WINDOW_ROWS,
} from "./timeline-window.ts";

/** Rows from `from` on, one a minute, newest first. */
const rows = (from: number, count = TIMELINE_WINDOW_ROWS): TimelineRow[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `e${from + i}`,
    publishedAt: new Date(Date.UTC(2026, 10, 1) - (from + i) * 60_000).toISOString(),
  }));

/** The page the local store answers for `p`: its window, from its start's row on. */
const shownFor = (p: Paging): Shown => {
  const start = p.starts.at(-1);
  const from = start ? Number(start.row.id.slice(1)) : 0;
  return {
    key: p.key,
    page: { rows: rows(from, p.limit), more: true },
    start: start?.row.id ?? "",
    before: start?.before.publishedAt,
  };
};

describe("the timeline's window of rows", () => {
  it("doubles the page up to a window, then moves on by half and back, one move at a time", () => {
    let p = firstPaging("k");
    const limits = [p.limit];
    while (p.limit < TIMELINE_WINDOW_ROWS) {
      p = pagingForMore(p, shownFor(p), 1);
      limits.push(p.limit);
    }
    expect(limits).toEqual([TIMELINE_PAGE_SIZE, 400, 800, 1600, 3200]);

    const top = p;
    p = pagingForMore(p, shownFor(p), 1);
    expect(p.limit).toBe(TIMELINE_WINDOW_ROWS);
    expect(p.starts.map((s) => [s.row.id, s.before.id])).toEqual([["e1600", "e1599"]]);
    // Asked again before the moved window is on screen: nothing more.
    expect(pagingForMore(p, shownFor(top), 1)).toBe(p);
    expect(pagingForEarlier(p, shownFor(top))).toBe(p);

    const second = pagingForMore(p, shownFor(p), 1);
    expect(second.starts.map((s) => s.row.id)).toEqual(["e1600", "e3200"]);
    // Back to exactly where it was, and to the timeline's top.
    const back = pagingForEarlier(second, shownFor(second));
    expect(back.starts.map((s) => s.row.id)).toEqual(["e1600"]);
    expect(pagingForEarlier(back, shownFor(back)).starts).toEqual([]);
    expect(pagingForEarlier(top, shownFor(top))).toBe(top);
  });

  it("moves tiles by whole rows of the layout's lanes", () => {
    let p = { ...firstPaging("k"), limit: TIMELINE_WINDOW_ROWS };
    p = pagingForMore(p, shownFor(p), 3);
    expect(p.starts[0]!.row.id).toBe("e1599");
    expect(1599 % 3).toBe(0);
  });

  it("waits for the window of its own timeline, and goes back to the top when one is empty", () => {
    let p = { ...firstPaging("k"), limit: TIMELINE_WINDOW_ROWS };
    expect(pagingForMore(p, { ...shownFor(p), key: "other" }, 1)).toBe(p);
    p = pagingForMore(p, shownFor(p), 1);
    expect(pagingForEmpty(p, { rows: rows(0, 5), more: false })).toBe(p);
    expect(pagingForEmpty(p, undefined)).toBe(p);
    expect(pagingForEmpty(p, { rows: [], more: false }).starts).toEqual([]);
    const top = firstPaging("k");
    expect(pagingForEmpty(top, { rows: [], more: false })).toBe(top);
  });
});
