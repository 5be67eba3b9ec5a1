import { describe, expect, it } from "vitest";
import { newArrivals } from "./subscription-notify.ts";

describe("desktop notifications for subscriptions set to notify", () => {
  it("announces growth of a notifying feed's unread count, never what was there at start", () => {
    const seen = new Map<string, number>();
    const notify = new Set(["a"]);
    const items = (a: number, b: number) => [
      { feedId: "a", title: "Feed A", unread: a },
      { feedId: "b", title: "Feed B", unread: b },
      { feedId: null, title: "A list", unread: 99 },
    ];
    expect(newArrivals(seen, items(5, 5), notify)).toEqual([]);
    // B grows too, but only A is set to notify.
    expect(newArrivals(seen, items(7, 9), notify)).toEqual([
      { feedId: "a", title: "Feed A", count: 2 },
    ]);
    // Reading (a drop) announces nothing, and the next arrival counts from there.
    expect(newArrivals(seen, items(1, 9), notify)).toEqual([]);
    expect(newArrivals(seen, items(2, 9), notify)).toEqual([
      { feedId: "a", title: "Feed A", count: 1 },
    ]);
  });
});
