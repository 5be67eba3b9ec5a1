import { describe, expect, it } from "vitest";
import {
  DEFAULT_TOOLBAR_ORDER,
  moveToolbarAction,
  normalizeToolbarOrder,
  placeToolbarAction,
} from "./toolbar-order.ts";

describe("toolbarOrder", () => {
  it("makes a stored order whole: unknown and repeated names out, missing actions in", () => {
    expect(normalizeToolbarOrder(null)).toEqual(DEFAULT_TOOLBAR_ORDER);
    expect(normalizeToolbarOrder("read,star")).toEqual(DEFAULT_TOOLBAR_ORDER);
    expect(
      normalizeToolbarOrder({ main: ["share", "bogus", "share", 3], more: ["star", "share"] }),
    ).toEqual({
      main: ["share", "read", "readability", "copyLink", "openOriginal"],
      more: ["star"],
    });
  });

  it("moves an action within its group and between the toolbar and the menu", () => {
    const order = normalizeToolbarOrder({ main: ["read", "star"], more: ["share", "copyLink"] });
    expect(moveToolbarAction(order, "star", -1).main.slice(0, 2)).toEqual(["star", "read"]);
    expect(moveToolbarAction(order, "read", -1)).toBe(order);
    expect(moveToolbarAction(order, "share", 1).more).toEqual(["copyLink", "share"]);
    const moved = placeToolbarAction(order, "read", "more");
    expect(moved.main).not.toContain("read");
    expect(moved.more.at(-1)).toBe("read");
    expect(placeToolbarAction(moved, "read", "main").main.at(-1)).toBe("read");
  });
});
