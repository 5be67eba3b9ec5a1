import { describe, expect, it } from "vitest";
import { listRow } from "./list-table.ts";

describe("a list's local row", () => {
  it("is kept only with an owner, its purchase amount as text and feed ids as JSON", () => {
    const list = { id: "l1", title: "L", view: 0, purchaseAmount: 12.5, feedIds: ["f1"] };
    expect(listRow(list)).toBeUndefined();
    expect(listRow({ ...list, ownerUserId: "u" })).toMatchObject({
      purchase_amount: "12.5",
      feed_ids: '["f1"]',
      fee: null,
    });
  });
});
