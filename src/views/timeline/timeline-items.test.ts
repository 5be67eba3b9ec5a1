import { describe, expect, it } from "vitest";
import { CARD_WINDOW, timelineItems, windowIds } from "./timeline-items.ts";

const at = (iso: string, id: string) => ({ id, publishedAt: iso });

describe("timeline items", () => {
  it("puts a heading before each local day when grouping", () => {
    const rows = [
      at("2025-03-10T12:00:00", "a"),
      at("2025-03-10T08:00:00", "b"),
      at("2025-03-09T12:00:00", "c"),
    ];
    expect(timelineItems(rows, true).map((i) => i.kind)).toEqual([
      "day",
      "entry",
      "entry",
      "day",
      "entry",
    ]);
    expect(timelineItems(rows, false)).toHaveLength(3);
  });

  it("opens a window that starts mid-day without a heading, one that starts a day with it", () => {
    const rows = [at("2025-03-10T08:00:00", "b"), at("2025-03-09T12:00:00", "c")];
    const kinds = (before: string) => timelineItems(rows, true, before).map((i) => i.key);
    expect(kinds("2025-03-10T12:00:00")).toEqual(["b", "day:2025-03-09", "c"]);
    expect(kinds("2025-03-11T12:00:00")).toEqual(["day:2025-03-10", "b", "day:2025-03-09", "c"]);
  });

  it("loads whole windows around the visible range", () => {
    const rows = Array.from({ length: 1000 }, (_, i) => at("2025-03-10T12:00:00", String(i)));
    const items = timelineItems(rows, false);
    const ids = windowIds(items, 250, 260);
    expect(ids[0]).toBe(String(CARD_WINDOW));
    expect(ids).toHaveLength(3 * CARD_WINDOW);
    expect(windowIds(items, 0, 5)).toHaveLength(2 * CARD_WINDOW);
  });
});
