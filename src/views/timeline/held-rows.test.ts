import { describe, expect, it } from "vitest";
import { holdNewRows } from "./held-rows.ts";

const rows = (...ids: string[]) => ids.map((id) => ({ id }));

describe("new rows that arrive above what is being read", () => {
  it("are held while the list is scrolled, and let through at the top", () => {
    const known = new Set<string>();
    expect(holdNewRows(rows("c", "d"), known, false)).toEqual(new Set());
    expect(holdNewRows(rows("a", "b", "c", "d"), known, false)).toEqual(new Set(["a", "b"]));
    // Still held on the next change, until the person is back at the top.
    expect(holdNewRows(rows("a", "b", "c"), known, false)).toEqual(new Set(["a", "b"]));
    expect(holdNewRows(rows("a", "b", "c"), known, true)).toEqual(new Set());
    expect(known).toEqual(new Set(["a", "b", "c", "d"]));
  });

  it("never holds rows below the first known one (older pages, oldest-first timelines)", () => {
    const known = new Set(["a", "b"]);
    expect(holdNewRows(rows("a", "b", "c", "d"), known, false)).toEqual(new Set());
    expect(holdNewRows(rows("a", "x", "b"), known, false)).toEqual(new Set());
  });

  it("lets everything through when no shown row is left (a new filter, say)", () => {
    const known = new Set(["a"]);
    expect(holdNewRows(rows("p", "q"), known, false)).toEqual(new Set());
  });

  it("lets go of ids no longer shown once they far outnumber the rows (a window moved on)", () => {
    const known = new Set(Array.from({ length: 5000 }, (_, i) => `old${i}`));
    expect(holdNewRows(rows("a", "b"), known, true)).toEqual(new Set());
    expect(known).toEqual(new Set(["a", "b"]));
    // Below the bound they stay: a row that leaves and comes back is no newcomer.
    const few = new Set(["x", "y"]);
    holdNewRows(rows("a"), few, true);
    expect(few).toEqual(new Set(["x", "y", "a"]));
  });
});
