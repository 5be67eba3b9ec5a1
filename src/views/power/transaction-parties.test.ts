import { describe, expect, it } from "vitest";
import { counterpart, isOutgoing } from "./transaction-parties.ts";

const base = {
  type: "tip" as const,
  fromUserId: "me",
  toUserId: null,
  toFeedId: "123",
  toListId: null,
  toEntryId: null,
};

describe("transaction parties", () => {
  it("names where sent money went: the feed, else the person, else the id", () => {
    expect(isOutgoing(base, "me")).toBe(true);
    expect(
      counterpart({ ...base, toFeed: { id: "123", title: "Daily Bread" } }, "me", "Follow"),
    ).toBe("Daily Bread");
    expect(
      counterpart(
        { ...base, toFeedId: null, toUserId: "u2", toUser: { id: "u2", name: "Ada" } },
        "me",
        "Follow",
      ),
    ).toBe("Ada");
    expect(counterpart(base, "me", "Follow")).toBe("#123");
  });

  it("names who sent received money, and the ledger for mints and claims", () => {
    const tip = { ...base, fromUserId: "u2", toUserId: "me", fromUser: { id: "u2", name: "Bo" } };
    expect(isOutgoing(tip, "me")).toBe(false);
    expect(counterpart(tip, "me", "Follow")).toBe("Bo");
    const mint = {
      ...base,
      type: "mint" as const,
      fromUserId: null,
      toUserId: "me",
      toFeedId: null,
    };
    expect(isOutgoing(mint, "me")).toBe(false);
    expect(counterpart(mint, "me", "Follow")).toBe("Follow");
  });
});
