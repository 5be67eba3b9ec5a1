import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { settleHeap } from "./settle-heap.ts";

const oldSpace = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === "old_space")!;

describe("settleHeap", () => {
  it("collects the garbage a burst left in the old generation", () => {
    // Objects that live long enough to be promoted, then dropped: what a refresh round leaves.
    let kept: Array<{ i: number; text: string }> = [];
    for (let i = 0; i < 400_000; i++) kept.push({ i, text: `entry ${i}` });
    const before = oldSpace().space_used_size;
    kept = [];
    expect(settleHeap()).toBe(true);
    expect(kept).toHaveLength(0);
    expect(oldSpace().space_used_size).toBeLessThan(before);
  });
});
