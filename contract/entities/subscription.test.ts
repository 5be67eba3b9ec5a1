import { describe, expect, it } from "vitest";
import { subscriptionRow, subscriptionType } from "./subscription-table.ts";

describe("subscription rows from server data", () => {
  const base = { userId: "u", view: 0, isPrivate: false };

  it("types a subscription by its target", () => {
    expect(subscriptionType({ ...base, feedId: "f1" })).toBe("feed");
    expect(subscriptionType({ ...base, listId: "l1" })).toBe("list");
    expect(subscriptionType({ ...base, inboxId: "i1" })).toBe("inbox");
  });

  it("keys the row by type and target, with only that target's id", () => {
    expect(subscriptionRow({ ...base, listId: "l1" })).toMatchObject({
      id: "list/l1",
      type: "list",
      feed_id: null,
      list_id: "l1",
    });
    expect(subscriptionRow({ ...base, inboxId: "i1", feedId: "f1" })).toMatchObject({
      id: "inbox/i1",
      feed_id: null,
      inbox_id: "i1",
    });
  });

  it("stores privacy as 0/1 and missing fields as NULL", () => {
    expect(subscriptionRow({ ...base, feedId: "f1", isPrivate: true })).toEqual({
      id: "feed/f1",
      feed_id: "f1",
      list_id: null,
      inbox_id: null,
      user_id: "u",
      view: 0,
      is_private: 1,
      title: null,
      category: null,
      created_at: null,
      type: "feed",
    });
  });
});
